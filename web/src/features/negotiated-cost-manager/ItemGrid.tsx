import type { ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultColDef, gridTheme } from '../../components/grid/agGrid';
import { NAMED_ROW_SELECTION, selectionColumn } from '../../components/grid/RowCheckbox';
import type { ItemRow } from './model';

export interface ItemGridProps {
  rows: ItemRow[];
  onSelection: (rows: ItemRow[]) => void;
  /** The new row's ID and pack size were entered: add the item. */
  onNewRowDone: (row: ItemRow) => void;
  onReady: (api: GridApi<ItemRow>) => void;
}

export const NEW_ROW_ID = 'new';
/** Only the row Add opened is edited. */
const isNew = (p: { data?: ItemRow }) => p.data?.isNew === true;
const rowId = (r: ItemRow) => (r.isNew ? NEW_ROW_ID : `${r.ID}|${r.PackSize}`);

/**
 * The items of the selected header (spec part 2 §2): ID/PLU, pack size, UPC, UPC pack size,
 * description and type. Only the row Add opened is edited (its ID and pack size).
 */
export function ItemGrid({ rows, onSelection, onNewRowDone, onReady }: ItemGridProps) {
  const { t } = useTranslation();
  const columns = useMemo<ColDef<ItemRow>[]>(
    () => [
      { field: 'ID', headerName: t('negCostMgr.id'), editable: isNew, width: 160 },
      {
        field: 'PackSize',
        headerName: t('negCostMgr.packSize'),
        editable: isNew,
        cellEditor: 'agNumberCellEditor',
        cellEditorParams: { min: 1, precision: 0 },
        width: 110,
        type: 'rightAligned',
      },
      { field: 'upc', headerName: t('negCostMgr.upc'), width: 150 },
      { field: 'UpcPackSize', headerName: t('negCostMgr.upcPackSize'), width: 130, type: 'rightAligned' },
      { field: 'Description', headerName: t('negCostMgr.description'), flex: 1, minWidth: 180 },
      { field: 'InvType', headerName: t('negCostMgr.type'), width: 90 },
    ],
    [t],
  );
  const selection = useMemo(
    () =>
      selectionColumn<ItemRow>((r) =>
        t('negCostMgr.selectItem', { id: r.ID, pack: String(r.PackSize ?? '') }),
      ),
    [t],
  );
  return (
    <div style={{ height: 300 }} data-testid="negcost-items">
      <AgGridReact<ItemRow>
        theme={gridTheme}
        rowData={rows}
        columnDefs={columns}
        defaultColDef={defaultColDef}
        getRowId={(p) => rowId(p.data)}
        rowSelection={NAMED_ROW_SELECTION}
        selectionColumnDef={selection}
        editType="fullRow"
        stopEditingWhenCellsLoseFocus
        animateRows={false}
        onGridReady={(e) => onReady(e.api)}
        onSelectionChanged={(e) => onSelection(e.api.getSelectedRows())}
        onRowValueChanged={(e) => e.data?.isNew && onNewRowDone({ ...e.data })}
        overlayNoRowsTemplate={`<span>${t('negCostMgr.noHeader')}</span>`}
      />
    </div>
  );
}
