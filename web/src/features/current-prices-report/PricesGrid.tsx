/**
 * The report's results: Item ID, Pack Size, Description and Current Prices, each price a button
 * with how many stores have it (pressing it chooses the price for Apply). Paged, sortable,
 * selectable, resizable, movable, pinnable and exportable (CSV cells defused).
 */
import type { CurrentPricesRow } from '@cpb/domain';
import { Button, Group } from '@mantine/core';
import type { ColDef, GridApi, ICellRendererParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type RefObject, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { csvExportParams, defaultColDef, gridTheme } from '../../components/grid/agGrid';
import { NAMED_ROW_SELECTION, selectionColumn } from '../../components/grid/RowCheckbox';

export const rowKey = (r: { ID: string; PackSize: number }) => `${r.ID}@${r.PackSize}`;

interface PricesCellProps {
  chosen: ReadonlyMap<string, string>;
  onChoose: (row: CurrentPricesRow, price: string) => void;
}

function PricesCell(p: ICellRendererParams<CurrentPricesRow> & PricesCellProps) {
  const { t } = useTranslation();
  const row = p.data;
  if (!row) return null;
  const chosen = p.chosen.get(rowKey(row));
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      {row.CurrentPrices.map((c) => (
        <Button
          key={c.Price}
          size="compact-xs"
          variant={chosen === c.Price ? 'filled' : 'light'}
          aria-pressed={chosen === c.Price}
          aria-label={t('currentPrices.priceButton', { price: c.Price, n: String(c.Count), item: row.ID })}
          onClick={() => p.onChoose(row, c.Price)}
        >
          {`${c.Price} (${c.Count})`}
        </Button>
      ))}
    </Group>
  );
}

export function PricesGrid({
  rows,
  chosen,
  onChoose,
  apiRef,
}: {
  rows: readonly CurrentPricesRow[];
  chosen: ReadonlyMap<string, string>;
  onChoose: (row: CurrentPricesRow, price: string) => void;
  apiRef: RefObject<GridApi<CurrentPricesRow> | null>;
}) {
  const { t } = useTranslation();
  const columns = useMemo<ColDef<CurrentPricesRow>[]>(
    () => [
      selectionColumn<CurrentPricesRow>((r) =>
        t('currentPrices.selectRow', { item: r.ID, pack: String(r.PackSize) }),
      ),
      { field: 'ID', headerName: t('currentPrices.col.ID'), pinned: 'left', width: 150 },
      { field: 'PackSize', headerName: t('currentPrices.col.PackSize'), width: 110, type: 'numericColumn' },
      { field: 'Description', headerName: t('currentPrices.col.Description'), flex: 1, minWidth: 200 },
      {
        colId: 'CurrentPrices',
        headerName: t('currentPrices.col.CurrentPrices'),
        flex: 1,
        minWidth: 260,
        sortable: false,
        valueGetter: (p) => p.data?.CurrentPrices.map((c) => `${c.Price} (${c.Count})`).join(' '),
        cellRenderer: PricesCell,
        cellRendererParams: { chosen, onChoose } satisfies PricesCellProps,
      },
    ],
    [t, chosen, onChoose],
  );
  return (
    <div style={{ height: 460 }}>
      <AgGridReact<CurrentPricesRow>
        theme={gridTheme}
        rowData={rows as CurrentPricesRow[]}
        columnDefs={columns}
        defaultColDef={defaultColDef}
        defaultCsvExportParams={csvExportParams}
        getRowId={(p) => rowKey(p.data)}
        rowSelection={{ ...NAMED_ROW_SELECTION, headerCheckbox: false }}
        pagination
        paginationPageSize={100}
        paginationPageSizeSelector={[100, 200, 300]}
        onGridReady={(e) => {
          apiRef.current = e.api;
        }}
      />
    </div>
  );
}
