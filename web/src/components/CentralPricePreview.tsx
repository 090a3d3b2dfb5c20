import {
  COST_SCALE,
  formatCurrency,
  formatUsDateTime,
  PRICE_SCALE,
  type PreviewRow,
  toMinor,
} from '@cpb/domain';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColDef, GridApi, ValueFormatterParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfigQuery } from '../shared/queries';
import { csvExportParams, defaultColDef, gridTheme } from './grid/agGrid';

/** A preview row of a batch answer: the domain's type. */
export type { PreviewRow } from '@cpb/domain';

/** How a preview column shows its values: list prices and costs as currency. */
export type PreviewKind = 'text' | 'number' | 'price' | 'cost' | 'bool';

export interface PreviewColumn {
  field: string;
  header: string;
  kind?: PreviewKind;
}

const SCALE: Partial<Record<PreviewKind, number>> = { price: PRICE_SCALE, cost: COST_SCALE };

function formatter(kind: PreviewKind, yes: string, no: string) {
  return ({ value }: ValueFormatterParams): string => {
    if (value === null || value === undefined || value === '') return '';
    const scale = SCALE[kind];
    if (scale !== undefined) return formatCurrency(toMinor(String(value), scale), scale);
    if (kind === 'bool') return value ? yes : no;
    return String(value);
  };
}

export interface CentralPricePreviewProps {
  /** The panel heading: 'Central Price', or 'Department' for Set Department. */
  heading: string;
  /** The header text: what the preview shows. */
  header: string;
  /** The stores the change reaches, by number and name. */
  stores?: string;
  columns: readonly PreviewColumn[];
  rows: readonly PreviewRow[];
  onExportPdf: () => void;
  exporting?: boolean;
}

/**
 * The Central Price preview panel (spec part 1 §2.4): heading, header text, Export to PDF,
 * the current date-time and a paged, exportable grid of exactly what OK will apply (old and
 * new values side by side).
 */
export function CentralPricePreview({
  heading,
  header,
  stores,
  columns,
  rows,
  onExportPdf,
  exporting,
}: CentralPricePreviewProps) {
  const { t } = useTranslation();
  // The user's format: MM/DD/YYYY and a 12-hour clock (spec part 1 §9).
  // Stamped in the business time zone, as the PDF of the same report is (GET /appConfig).
  const timeZone = useQuery(appConfigQuery()).data?.businessTimeZone;
  const now = useMemo(
    () => formatUsDateTime(new Date(), timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone),
    [timeZone],
  );
  const api = useRef<GridApi | null>(null);
  const colDefs = useMemo<ColDef[]>(
    () =>
      columns.map((c, i) => ({
        field: c.field,
        // The first column (the item) stays in view while the others scroll.
        pinned: i === 0 ? ('left' as const) : undefined,
        minWidth: 90,
        headerName: c.header,
        valueFormatter: formatter(c.kind ?? 'text', t('preview.yes'), t('preview.no')),
        type: c.kind === 'price' || c.kind === 'cost' || c.kind === 'number' ? 'rightAligned' : undefined,
        cellStyle: c.field.startsWith('New') ? { fontWeight: 600, color: '#1864ab' } : undefined,
        flex: c.field === 'Description' ? 2 : 1,
      })),
    [columns, t],
  );

  return (
    <Paper withBorder p="sm" radius="sm" aria-label={heading} role="region">
      <Group justify="space-between" mb={6} wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {heading}
          </Title>
          <Text size="sm" c="dimmed">
            {header}
          </Text>
          {stores && (
            <Text size="sm" c="dimmed" data-testid="preview-stores">
              {t('preview.stores', { stores })}
            </Text>
          )}
        </div>
        {/* Never shrunk: the export buttons read in full ('Export to CSV', not 'Export to C'). */}
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Text size="sm" c="dimmed" data-testid="preview-datetime">
            {now}
          </Text>
          <Button size="xs" variant="default" onClick={() => api.current?.exportDataAsCsv()}>
            {t('preview.exportCsv')}
          </Button>
          <Button size="xs" variant="light" onClick={onExportPdf} loading={exporting}>
            {t('preview.exportPdf')}
          </Button>
        </Group>
      </Group>
      <Text size="xs" mb={4}>
        {t('preview.rowCount', { n: String(rows.length) })}
      </Text>
      <div style={{ height: 380 }}>
        <AgGridReact
          theme={gridTheme}
          rowData={rows as PreviewRow[]}
          columnDefs={colDefs}
          defaultColDef={defaultColDef}
          defaultCsvExportParams={csvExportParams}
          pagination
          paginationPageSize={20}
          paginationPageSizeSelector={false}
          onGridReady={(e) => {
            api.current = e.api;
          }}
        />
      </div>
    </Paper>
  );
}
