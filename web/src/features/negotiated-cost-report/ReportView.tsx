import type { NegCostReportRow } from '@cpb/domain';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { differenceText, totalDifferenceText } from './money';

const COLOR: Record<NegCostReportRow['color'], string> = { red: 'red.8', green: 'green.8', black: 'dark' };
const COLUMNS = ['Date', 'ID', 'Size', 'Description', 'Actual', 'Negotiated', 'Qty', 'Comment'] as const;

export interface ReportViewProps {
  rows: NegCostReportRow[];
  stamp: string;
  busy: boolean;
  onBack: () => void;
  onPdf: () => void;
  onNewWindow: () => void;
  onPrint: () => void;
  onClaim: () => void;
}

/**
 * The report view (spec part 2 §2): a date stamp, then one grid per invoice headed by vendor,
 * source site and invoice, its Invoice Difference as currency (cents, as the PDF) coloured by its
 * flag (red billed above the negotiated cost, green below).
 */
export function ReportView({
  rows,
  stamp,
  busy,
  onBack,
  onPdf,
  onNewWindow,
  onPrint,
  onClaim,
}: ReportViewProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t('negCostRpt.reportTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {stamp}
            </Text>
            <Text size="sm">
              {t('negCostRpt.total', {
                n: String(rows.length),
                total: totalDifferenceText(rows.map((r) => r.InvoiceDifference)),
              })}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={onBack}>
              {t('negCostRpt.back')}
            </Button>
            <Button variant="default" onClick={onPdf} loading={busy}>
              {t('negCostRpt.pdf')}
            </Button>
            <Button variant="default" onClick={onNewWindow} disabled={busy}>
              {t('negCostRpt.newWindow')}
            </Button>
            <Button variant="default" onClick={onPrint} disabled={busy}>
              {t('negCostRpt.print')}
            </Button>
            <Button variant="default" onClick={onClaim}>
              {t('negCostRpt.claimCsv')}
            </Button>
          </Group>
        </Group>
      </Paper>
      {rows.map((r) => {
        const heading = t('negCostRpt.invoiceHeading', {
          vendor: r.VendorId,
          site: r.UserDefinedSourceSite,
          invoice: r.Invoice,
          date: r.InvoiceDate,
        });
        return (
          <Paper
            withBorder
            p="sm"
            key={`${r.VendorId}|${r.UserDefinedSourceSite}|${r.Invoice}`}
            component="section"
            aria-label={heading}
          >
            <Group justify="space-between" mb={4}>
              <Title order={3} size="h6">
                {heading}
              </Title>
              <Text size="sm" fw={600} c={COLOR[r.color]}>
                {t('negCostRpt.invoiceDifference')}: {differenceText(r.InvoiceDifference)}
              </Text>
            </Group>
            <Table striped withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th key={c}>{t(`negCostRpt.col.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.Items.map((i, n) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines never move; one item may repeat
                  <Table.Tr key={n}>
                    <Table.Td>{i.BookDate}</Table.Td>
                    <Table.Td>{i.ID}</Table.Td>
                    <Table.Td ta="right">{i.PackSize}</Table.Td>
                    <Table.Td>{i.Description}</Table.Td>
                    <Table.Td ta="right">{i.UnitCost}</Table.Td>
                    <Table.Td ta="right">{i.NegotiatedCost}</Table.Td>
                    <Table.Td ta="right">{i.Quantity}</Table.Td>
                    <Table.Td>{i.ItemComment}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        );
      })}
    </Stack>
  );
}
