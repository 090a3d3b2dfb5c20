import type {
  CellContextMenuEvent,
  CellEditRequestEvent,
  CellFocusedEvent,
  CellKeyDownEvent,
  GridApi,
  SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type RefObject, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultColDef, gridTheme } from '../../../components/grid/agGrid';
import { NAMED_ROW_SELECTION, selectionColumn as namedSelection } from '../../../components/grid/RowCheckbox';
import type { DivergentField, EditField, GridRow, OrderBy, Redemption, SortField, TaxGroup } from '../types';
import { type GridContext, isDivergent } from './cellRenderers';
import { buildColumns, OPENS_EDIT_PANEL } from './columns';
import { rowCommittedByEnter } from './editKeys';
import { useRangeSelection } from './useRangeSelection';

export interface ItemGridProps {
  rows: GridRow[];
  taxGroups: readonly TaxGroup[];
  redemptions: readonly Redemption[];
  canUpdateCost: boolean;
  apiRef: RefObject<GridApi<GridRow> | null>;
  onEdit: (key: string, field: EditField, value: unknown) => void;
  /** Focus moved to another row (the row left behind), or Enter ended an edit (that row): save it. */
  onRowLeft: (key: string) => void;
  onSelection: (rows: GridRow[]) => void;
  onSort: (orderBy: OrderBy | null) => void;
  onEditItem: (row: GridRow) => void;
  onPickValue: (row: GridRow, field: DivergentField) => void;
  /** Rows to select once the first rows show (the selection kept from the last visit). */
  initialSelection?: readonly string[];
  /** The server order kept from the last visit, shown on its column. */
  initialSort?: OrderBy | null;
  /** Right-click on a value that differs across sites. */
  onShowValues: (row: GridRow, field: DivergentField, at: { x: number; y: number }) => void;
  /** The text shown when there is no row (default: choose criteria). */
  noRowsText?: string;
}

/** A value the server changed (a batch, a save) flashes when its row comes back. */
const COLUMN_DEFAULTS = { ...defaultColDef, enableCellChangeFlash: true };

const ROW_CLASSES = {
  'ia-row-error': (p: { data?: GridRow }) => !!p.data?.hasError,
  'ia-row-modified': (p: { data?: GridRow }) => !!p.data?.isModified && !!p.data?.isUniform,
  'ia-row-saved': (p: { data?: GridRow }) => p.data?.saveState === 'saved',
  'ia-row-dirty': (p: { data?: GridRow }) => !!p.data?.isDirty,
};

/**
 * The results grid (AG Grid Community): one server page of rows, selectable, sortable on the
 * server, resizable and movable columns, editable cells saved per row when the user leaves it
 * or presses Enter to end an edit; Shift+click and Shift+ArrowUp/Down select ranges of rows.
 */
export function ItemGrid(props: ItemGridProps) {
  const { t } = useTranslation();
  const { rows, taxGroups, redemptions, canUpdateCost, apiRef } = props;
  const focusedRow = useRef<string | null>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const range = useRangeSelection<GridRow>();

  const selectionColumn = useMemo(
    () =>
      namedSelection<GridRow>((row) => t('itemAdjust.selectRow', { id: row.ID, pack: String(row.PackSize) })),
    [t],
  );
  const columnDefs = useMemo(
    () => buildColumns({ t, taxGroups, redemptions, canUpdateCost }),
    [t, taxGroups, redemptions, canUpdateCost],
  );
  const context = useMemo<GridContext>(
    () => ({
      onEditItem: (row) => handlers.current.onEditItem(row),
      onPickValue: (row, field) => handlers.current.onPickValue(row, field),
    }),
    [],
  );

  const onCellFocused = (e: CellFocusedEvent<GridRow>) => {
    if (e.rowIndex === null || e.rowPinned) return;
    const key = e.api.getDisplayedRowAtIndex(e.rowIndex)?.id ?? null;
    const left = focusedRow.current;
    focusedRow.current = key;
    if (left && left !== key) handlers.current.onRowLeft(left);
  };

  const onCellEditRequest = (e: CellEditRequestEvent<GridRow>) => {
    const key = e.node.id;
    const field = e.colDef.field as EditField | undefined;
    if (!key || !field || e.newValue === e.oldValue) return;
    handlers.current.onEdit(key, field, e.newValue);
  };

  const restoredSelection = useRef(props.initialSelection ?? []);
  const restoreSelection = (api: GridApi<GridRow>) => {
    const keys = restoredSelection.current;
    if (keys.length === 0) return;
    const nodes = keys.map((k) => api.getRowNode(k)).filter((n) => n !== undefined);
    if (nodes.length === 0) return;
    restoredSelection.current = [];
    api.setNodesSelected({ nodes, newValue: true, source: 'api' });
  };

  const onSortChanged = (e: SortChangedEvent<GridRow>) => {
    // The order restored from the last visit is already the request's.
    if (e.source === 'api') return;
    const sorted = e.api.getColumnState().find((c) => c.sort);
    handlers.current.onSort(sorted?.sort ? { field: sorted.colId as SortField, dir: sorted.sort } : null);
  };

  // The Edit cell from the keyboard: Enter, Space or F2 opens the panel (issue 25: a mouse was needed).
  const onCellKeyDown = (e: CellKeyDownEvent<GridRow>) => {
    range.onCellKeyDown(e);
    const committed = rowCommittedByEnter(e);
    if (committed) handlers.current.onRowLeft(committed);
    const key = (e.event as KeyboardEvent | null | undefined)?.key;
    if (!e.data || e.column.getColId() !== 'edit' || key === undefined || !OPENS_EDIT_PANEL.has(key)) return;
    e.event?.preventDefault();
    handlers.current.onEditItem(e.data);
  };

  const onCellContextMenu = (e: CellContextMenuEvent<GridRow>) => {
    const field = e.colDef.field as DivergentField | undefined;
    const mouse = e.event as MouseEvent | null;
    if (!e.data || !field || !isDivergent(e.data, field) || !mouse) return;
    handlers.current.onShowValues(e.data, field, { x: mouse.clientX, y: mouse.clientY });
  };

  return (
    <div style={{ height: '100%' }} data-testid="item-grid">
      <AgGridReact<GridRow>
        theme={gridTheme}
        rowData={rows}
        columnDefs={columnDefs}
        defaultColDef={COLUMN_DEFAULTS}
        getRowId={(p) => p.data.idplu}
        context={context}
        rowSelection={NAMED_ROW_SELECTION}
        selectionColumnDef={selectionColumn}
        suppressColumnVirtualisation
        // Each server page replaces the rows; sliding them around would only blur the change.
        animateRows={false}
        rowClassRules={ROW_CLASSES}
        readOnlyEdit
        stopEditingWhenCellsLoseFocus
        preventDefaultOnContextMenu
        onGridReady={(e) => {
          apiRef.current = e.api;
          const sort = props.initialSort;
          if (sort) e.api.applyColumnState({ state: [{ colId: sort.field, sort: sort.dir }] });
          restoreSelection(e.api);
        }}
        onRowDataUpdated={(e) => restoreSelection(e.api)}
        onCellFocused={onCellFocused}
        onCellEditRequest={onCellEditRequest}
        onSortChanged={onSortChanged}
        onCellContextMenu={onCellContextMenu}
        onCellKeyDown={onCellKeyDown}
        onCellClicked={range.onCellClicked}
        onSelectionChanged={(e) => handlers.current.onSelection(e.api.getSelectedRows())}
        overlayNoRowsTemplate={`<span>${props.noRowsText ?? t('itemAdjust.noRows')}</span>`}
      />
    </div>
  );
}
