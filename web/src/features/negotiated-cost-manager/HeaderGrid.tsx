import type { ColDef, GridApi, RowClassRules } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultColDef, gridTheme } from '../../components/grid/agGrid';
import { selectionColumn } from '../../components/grid/RowCheckbox';
import { costText, type HeaderRow } from './model';

export interface HeaderGridProps {
  rows: HeaderRow[];
  vendorIds: string[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** A row's edit was finished with new values: save it. */
  onEdited: (row: HeaderRow) => void;
  onReady: (api: GridApi<HeaderRow>) => void;
}

/** A row cannot be edited while its save is on the way. */
const editable = (p: { data?: HeaderRow }) => p.data?.state !== 'saving';

const ROW_CLASSES: RowClassRules<HeaderRow> = {
  'ncm-row-error': (p) => p.data?.state === 'error',
  'ncm-row-saving': (p) => p.data?.state === 'saving',
};

/**
 * The header grid (spec part 2 §2): vendor, effective and expiration dates, cost with 4 decimals
 * and label, edited inline a row at a time (double-click or Enter); a row is saved when its edit
 * ends, and cannot be edited while its save is on the way.
 */
export function HeaderGrid({ rows, vendorIds, selectedId, onSelect, onEdited, onReady }: HeaderGridProps) {
  const { t } = useTranslation();
  const apiRef = useRef<GridApi<HeaderRow> | null>(null);
  const columns = useMemo<ColDef<HeaderRow>[]>(
    () => [
      // Single selection has no selection column of its own: the named checkbox is a column here.
      {
        colId: 'select',
        headerName: t('negCostMgr.selectCol'),
        ...selectionColumn<HeaderRow>((r) => t('negCostMgr.selectHeader', { label: r.Label })),
        width: 80,
        maxWidth: 80,
        sortable: false,
      },
      {
        field: 'VendorId',
        headerName: t('negCostMgr.vendor'),
        editable,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: vendorIds },
        width: 150,
      },
      { field: 'Effective', headerName: t('negCostMgr.effective'), editable, width: 140 },
      { field: 'Expiration', headerName: t('negCostMgr.expiration'), editable, width: 140 },
      {
        field: 'Cost',
        headerName: t('negCostMgr.cost'),
        editable,
        width: 120,
        type: 'rightAligned',
        valueFormatter: (p) => costText(p.value),
      },
      { field: 'Label', headerName: t('negCostMgr.label'), editable, flex: 1, minWidth: 180 },
    ],
    [t, vendorIds],
  );

  return (
    <div style={{ height: 300 }} data-testid="negcost-headers">
      <AgGridReact<HeaderRow>
        theme={gridTheme}
        rowData={rows}
        columnDefs={columns}
        defaultColDef={defaultColDef}
        getRowId={(p) => String(p.data.NegCostID)}
        rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
        rowClassRules={ROW_CLASSES}
        editType="fullRow"
        stopEditingWhenCellsLoseFocus
        animateRows={false}
        onGridReady={(e) => {
          apiRef.current = e.api;
          onReady(e.api);
        }}
        onRowDataUpdated={(e) => {
          if (selectedId !== null) e.api.getRowNode(String(selectedId))?.setSelected(true);
        }}
        onSelectionChanged={(e) => onSelect(e.api.getSelectedRows()[0]?.NegCostID ?? null)}
        onRowValueChanged={(e) => e.data && onEdited({ ...e.data })}
        overlayNoRowsTemplate={`<span>${t('NO_NEG_COST_ITEMS')}</span>`}
      />
    </div>
  );
}
