import { type OuAction, type OuRoot, PRICE_SCALE } from '@cpb/domain';
import type { CellEditRequestEvent, CellKeyDownEvent, GridApi, RowClassRules } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type RefObject, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultColDef, gridTheme } from '../../../components/grid/agGrid';
import { NAMED_ROW_SELECTION, RowCheckbox, selectionColumn } from '../../../components/grid/RowCheckbox';
import type { OuEditField, OuRootRow, OuRow } from '../model/types';
import type { OuGridContext } from './cells';
import { buildOuColumns, moneyText, type OuColumnOptions, sameAmount } from './columns';

export interface OuGridProps extends Omit<OuColumnOptions, 't'> {
  rows: OuRow[];
  apiRef: RefObject<GridApi<OuRow> | null>;
  floatingFilters: boolean;
  onToggle: (key: string) => void;
  onAction: (row: OuRootRow, action: OuAction) => void;
  onImpact: (root: OuRoot) => void;
  onPriceList: (root: OuRoot) => void;
  onPickDept: (row: OuRootRow) => void;
  onItemGroups: (row: OuRootRow) => void;
  onAdjustPrice: (row: OuRootRow) => void;
  /** Double-click or Enter on an item's ID: the Select an action dialog. */
  onSelectAction: (row: OuRootRow) => void;
  onEdit: (row: OuRootRow, field: OuEditField, value: unknown) => void;
  onSelection: (keys: string[]) => void;
}

const ROW_CLASSES: RowClassRules<OuRow> = {
  'ou-row-site': (p) => p.data?.kind === 'site',
  'ou-row-new': (p) => p.data?.kind === 'root' && p.data.root.isNew && p.data.action === 'noaction',
  'ou-row-accept': (p) => p.data?.kind === 'root' && p.data.action === 'accept',
  'ou-row-synch': (p) => p.data?.kind === 'root' && p.data.action === 'synch_site',
  'ou-row-reject': (p) => p.data?.kind === 'root' && p.data.action === 'reject',
};

const EDIT_FIELDS: ReadonlySet<string> = new Set([
  'Description',
  'ReceiptDescription',
  'DeptSub',
  'Price',
  'Margin',
  'Cost',
]);

/**
 * The tree grid: AG Grid Community's client-side row model with the page's own expand column;
 * site rows follow their root. No sorting (it would tear children from their roots); floating
 * filters on demand (Filters).
 */
export function OuGrid(props: OuGridProps) {
  const { t } = useTranslation();
  const { rows, apiRef, showMinMax, canEditCost, actionVisible, variancePercent, taxName, crvName } = props;
  const handlers = useRef(props);
  handlers.current = props;

  const columnDefs = useMemo(
    () => buildOuColumns({ t, showMinMax, canEditCost, actionVisible, variancePercent, taxName, crvName }),
    [t, showMinMax, canEditCost, actionVisible, variancePercent, taxName, crvName],
  );
  const selectionCol = useMemo(() => {
    const label = (row: OuRow) =>
      row.kind === 'root'
        ? t('outsideUpd.selectRow', { id: row.root.Idcode, pack: String(row.root.PackSize) })
        : '';
    const base = selectionColumn<OuRow>(label);
    const { cellRenderer: _renderer, cellRendererParams: _params, ...rest } = base;
    return {
      ...rest,
      cellRendererSelector: (p: { data?: OuRow }) =>
        p.data?.kind === 'root' ? { component: RowCheckbox<OuRow>, params: { label } } : undefined,
    };
  }, [t]);
  const colDefaults = useMemo(
    () => ({
      ...defaultColDef,
      sortable: false,
      filter: props.floatingFilters,
      floatingFilter: props.floatingFilters,
    }),
    [props.floatingFilters],
  );
  const context = useMemo<OuGridContext>(
    () => ({
      onToggle: (key) => handlers.current.onToggle(key),
      onAction: (row, action) => handlers.current.onAction(row, action),
      onImpact: (root) => handlers.current.onImpact(root),
      onPriceList: (root) => handlers.current.onPriceList(root),
      onPickDept: (row) => handlers.current.onPickDept(row),
      onItemGroups: (row) => handlers.current.onItemGroups(row),
      onAdjustPrice: (row) => handlers.current.onAdjustPrice(row),
      onTakePrice: (row, price) => handlers.current.onEdit(row, 'Price', price),
      samePrice: (a, b) => sameAmount(a, b, PRICE_SCALE),
      formatPrevious: (field, value) =>
        field === 'Price' ? moneyText(value, 2) : field === 'Cost' ? moneyText(value, 6) : value,
    }),
    [],
  );

  const onCellEditRequest = (e: CellEditRequestEvent<OuRow>) => {
    const row = e.data;
    if (row?.kind !== 'root' || e.newValue === e.oldValue) return;
    const col = e.colDef.colId ?? e.colDef.field ?? '';
    if (col === 'Action') handlers.current.onAction(row, e.newValue as OuAction);
    else if (EDIT_FIELDS.has(col)) handlers.current.onEdit(row, col as OuEditField, e.newValue);
  };

  // Keyboard: Enter or Space on the expand cell opens or closes the sites; Enter on the menu cell opens the menu.
  const onCellKeyDown = (e: CellKeyDownEvent<OuRow>) => {
    const key = (e.event as KeyboardEvent | null)?.key;
    const row = e.data;
    if (row?.kind !== 'root') return;
    const col = e.column.getColId();
    if (col === 'expand' && (key === 'Enter' || key === ' ') && row.siteCount > 0) {
      e.event?.preventDefault();
      handlers.current.onToggle(row.key);
    }
    if (col === 'Idcode' && key === 'Enter') handlers.current.onSelectAction(row);
    if (col === 'menu' && key === 'Enter') {
      const target = e.event?.target as HTMLElement | null;
      target?.querySelector('button')?.click();
    }
  };

  return (
    // The screen gives the grid the window's height below its toolbar (cpb-fill-grid, issue 25).
    <div className="ou-grid cpb-fill-grid" data-testid="ou-grid">
      <AgGridReact<OuRow>
        theme={gridTheme}
        rowData={rows}
        columnDefs={columnDefs}
        defaultColDef={colDefaults}
        getRowId={(p) => p.data.key}
        context={context}
        rowSelection={{ ...NAMED_ROW_SELECTION, isRowSelectable: (n) => n.data?.kind === 'root' }}
        selectionColumnDef={selectionCol}
        animateRows={false}
        rowClassRules={ROW_CLASSES}
        readOnlyEdit
        stopEditingWhenCellsLoseFocus
        onGridReady={(e) => {
          apiRef.current = e.api;
        }}
        onCellEditRequest={onCellEditRequest}
        onCellKeyDown={onCellKeyDown}
        onCellDoubleClicked={(e) => {
          if (e.data?.kind === 'root' && e.column.getColId() === 'Idcode')
            handlers.current.onSelectAction(e.data);
        }}
        onSelectionChanged={(e) =>
          handlers.current.onSelection(
            e.api.getSelectedRows().flatMap((r) => (r.kind === 'root' ? [r.key] : [])),
          )
        }
        overlayNoRowsTemplate={`<span>${t('NO_OU_ITEMS')}</span>`}
      />
    </div>
  );
}
