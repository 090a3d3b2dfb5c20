import { type DtsPreviewRow, formatCurrency, PRICE_SCALE, toMinor } from '@cpb/domain';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import type { ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { csvExportParams, defaultColDef, gridTheme } from '../../components/grid/agGrid';
import { PREVIEW_PAGE_SIZES, sortBySite } from './dtsForm';

export interface DtsPreviewGridProps {
  /** The rows of POST /hbsreport/dts/preview; null when they did not come. */
  rows: DtsPreviewRow[] | null;
  /** The previewed site numbers, e.g. '1, 5'. */
  sites: string;
  onExportPdf: () => void;
  exporting: boolean;
  onClose: () => void;
}

/**
 * The preview grid page of Distribute to Sites (spec section 2 "Other dialogs and pages"): what
 * would go to each site, sorted by site, 100/200/300 rows a page, exported as CSV or as the
 * letter-portrait PDF. Without data it says so with the spec's text.
 */
export function DtsPreviewGrid({ rows, sites, onExportPdf, exporting, onClose }: DtsPreviewGridProps) {
  const { t } = useTranslation();
  const api = useRef<GridApi | null>(null);
  const sorted = useMemo(() => (rows ? sortBySite(rows) : []), [rows]);
  const columns = useMemo<ColDef<DtsPreviewRow>[]>(
    () => [
      {
        field: 'SiteNo',
        headerName: t('dts.col.SiteNo'),
        flex: 0.7,
        minWidth: 70,
        sort: 'asc',
        type: 'rightAligned',
      },
      {
        field: 'Action',
        headerName: t('dts.col.Action'),
        flex: 0.8,
        minWidth: 90,
        valueFormatter: ({ value }) => (value ? t(`dts.action.${value as DtsPreviewRow['Action']}`) : ''),
      },
      { field: 'ID', headerName: t('dts.col.ID'), flex: 1.1, minWidth: 120 },
      { field: 'PackSize', headerName: t('dts.col.PackSize'), flex: 0.8, minWidth: 90, type: 'rightAligned' },
      { field: 'Description', headerName: t('dts.col.Description'), flex: 2.4, minWidth: 180 },
      { field: 'DeptSub', headerName: t('dts.col.DeptSub'), flex: 1, minWidth: 100 },
      {
        field: 'UnitList',
        headerName: t('dts.col.UnitList'),
        flex: 0.9,
        minWidth: 100,
        type: 'rightAligned',
        // Money stays a decimal string: no float on the way to the screen.
        valueFormatter: ({ value }) =>
          value ? formatCurrency(toMinor(String(value), PRICE_SCALE), PRICE_SCALE) : '',
        comparator: (a: string, b: string) => {
          const d = toMinor(a ?? '0', PRICE_SCALE) - toMinor(b ?? '0', PRICE_SCALE);
          return d < 0n ? -1 : d > 0n ? 1 : 0;
        },
      },
    ],
    [t],
  );

  const title = t('dts.previewTitle');
  return (
    <Paper withBorder p="sm" radius="sm" role="region" aria-label={title}>
      <Group justify="space-between" mb={6} wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dark.4">
            {t('dts.previewSites', { sites })}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            disabled={!rows?.length}
            onClick={() => api.current?.exportDataAsCsv({ fileName: 'dts-preview.csv' })}
          >
            {t('dts.exportCsv')}
          </Button>
          <Button size="xs" variant="light" onClick={onExportPdf} loading={exporting}>
            {t('dts.exportPdf')}
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            {t('dts.closePreview')}
          </Button>
        </Group>
      </Group>
      {rows === null ? (
        <Text role="alert" size="sm" c="red.9">
          {t('NO_TRANSFER_DATA')}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="orange.9" fw={500}>
          {t('NO_DATA_TO_REPORT')}
        </Text>
      ) : (
        <>
          <Text size="xs" mb={4}>
            {t('dts.previewRows', { n: String(rows.length) })}
          </Text>
          <div style={{ height: 440 }}>
            <AgGridReact<DtsPreviewRow>
              theme={gridTheme}
              rowData={sorted}
              columnDefs={columns}
              defaultColDef={defaultColDef}
              defaultCsvExportParams={csvExportParams}
              pagination
              paginationPageSize={PREVIEW_PAGE_SIZES[0]}
              paginationPageSizeSelector={[...PREVIEW_PAGE_SIZES]}
              onGridReady={(e) => {
                api.current = e.api;
              }}
            />
          </div>
        </>
      )}
    </Paper>
  );
}
