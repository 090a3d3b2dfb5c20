import type { VendorImportSetupRow } from '@cpb/domain';
import { Button, Group, Paper, Title } from '@mantine/core';
import type { CellValueChangedEvent, ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { csvExportParams, defaultColDef, gridTheme } from '../../components/grid/agGrid';

export interface SetupGridProps {
  rows: VendorImportSetupRow[];
  selected: number | null;
  onSelect: (row: VendorImportSetupRow | null) => void;
  /** A cell edit: the row with its new value (saved by the update call). */
  onEdit: (row: VendorImportSetupRow) => void;
}

/** Rows a page of the grid. */
export const SETUP_PAGE_SIZES = [10, 20, 50];

/**
 * The setups grid (spec section 2): import type, delivery site, file mask, vendor ID, vendor zone,
 * price book zone and CDB vendor ID; editing (file mask, label, vendor zone), one selectable row,
 * pagination, column resize, move and pinning, CSV export (cells defused).
 */
export function SetupGrid({ rows, selected, onSelect, onEdit }: SetupGridProps) {
  const { t } = useTranslation();
  const api = useRef<GridApi<VendorImportSetupRow> | null>(null);
  const columns = useMemo<ColDef<VendorImportSetupRow>[]>(
    () => [
      {
        field: 'SourceType',
        headerName: t('vendorSetup.col.SourceType'),
        minWidth: 120,
        flex: 1,
        pinned: 'left',
      },
      { field: 'SiteNo', headerName: t('vendorSetup.col.SiteNo'), minWidth: 110, flex: 0.8 },
      {
        field: 'FileMask',
        headerName: t('vendorSetup.col.FileMask'),
        minWidth: 120,
        flex: 1,
        editable: true,
      },
      { field: 'VendorID', headerName: t('vendorSetup.col.VendorID'), minWidth: 110, flex: 1 },
      {
        field: 'VendorZone',
        headerName: t('vendorSetup.col.VendorZone'),
        minWidth: 120,
        flex: 1,
        editable: true,
      },
      { field: 'CDBZoneName', headerName: t('vendorSetup.col.CDBZoneName'), minWidth: 140, flex: 1.2 },
      { field: 'CDBVendorID', headerName: t('vendorSetup.col.CDBVendorID'), minWidth: 130, flex: 1 },
    ],
    [t],
  );
  const title = t('vendorSetup.gridTitle');
  return (
    <Paper withBorder p="sm" radius="sm" role="region" aria-label={title}>
      <Group justify="space-between" mb={6}>
        <Title order={2} size="h5">
          {title}
        </Title>
        <Button variant="default" size="xs" onClick={() => api.current?.exportDataAsCsv()}>
          {t('vendorSetup.export')}
        </Button>
      </Group>
      <div style={{ height: 360 }}>
        <AgGridReact<VendorImportSetupRow>
          theme={gridTheme}
          rowData={rows}
          columnDefs={columns}
          defaultColDef={defaultColDef}
          defaultCsvExportParams={{ ...csvExportParams, fileName: 'vendor-import-setups.csv' }}
          getRowId={(p) => String(p.data.MasterID)}
          rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
          pagination
          paginationPageSize={SETUP_PAGE_SIZES[0]}
          paginationPageSizeSelector={SETUP_PAGE_SIZES}
          singleClickEdit={false}
          onGridReady={(e) => {
            api.current = e.api;
          }}
          onRowDataUpdated={(e) => {
            if (selected !== null) e.api.getRowNode(String(selected))?.setSelected(true);
          }}
          onSelectionChanged={(e) => onSelect(e.api.getSelectedRows()[0] ?? null)}
          onCellValueChanged={(e: CellValueChangedEvent<VendorImportSetupRow>) => {
            if (e.data && e.newValue !== e.oldValue) onEdit(e.data);
          }}
        />
      </div>
    </Paper>
  );
}
