import {
  formatUsDate,
  formatUsDateTime,
  MESSAGES,
  msg,
  NEG_COST_REPORT_OPTIONS,
  type NegCostReportCriteria,
  type NegCostReportOption,
  type NegCostReportPage,
  parseDateInput,
} from '@cpb/domain';
import { Autocomplete, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailDialog } from '../../components/mail/MailDialog';
import { PdfViewerDialog } from '../../components/pdf/PdfViewerDialog';
import { zoneLabel } from '../../components/ZonePicker';
import { useBusinessToday } from '../../shared/batch/dialogProps';
import { DateRangeField, type DateRangeValue } from '../../shared/DateRangeField';
import { lastDays } from '../../shared/dateRange';
import { vendorsQuery } from '../../shared/lookups';
import { notify } from '../../shared/notify';
import { appConfigQuery, userZonesQuery } from '../../shared/queries';
import { useCurrentZone } from '../../shared/zone';
import {
  emailReport,
  fetchClaimCsv,
  fetchReportPage,
  fetchReportPdf,
  negCostComboQuery,
  reportError,
  saveFile,
} from './api';
import { ReportView } from './ReportView';

/** The report's default range: the last 14 days (spec §5, §9). */
export const DEFAULT_RANGE_DAYS = 14;

const HELP = 'main.negotiatedCostRpt';

/**
 * The Negotiated Cost Report (spec part 2 §2, §4, §5, §8): the form view (vendor, negotiated cost
 * combo, required date range with presets, option), View and E-mail; the report view shows each
 * invoice compared with the negotiated cost in force on its date, and opens the PDF in the viewer,
 * a new window or for print.
 */
export function NegotiatedCostReport({ user }: { user: string }) {
  const { t } = useTranslation();
  const today = useBusinessToday();
  const [zoneText] = useCurrentZone();
  const zoneId = zoneText === null ? null : Number(zoneText);
  const zone = useQuery(userZonesQuery(user)).data?.find((z) => z.ZoneSetupID === zoneId) ?? null;
  const vendors = useQuery(vendorsQuery(user));
  const combo = useQuery({ ...negCostComboQuery(user, zoneId ?? 0), enabled: zoneId !== null });
  const emailEnabled = useQuery(appConfigQuery()).data?.emailEnabled ?? false;
  const [vendor, setVendor] = useState('');
  const [comboId, setComboId] = useState<string | null>(null);
  const [range, setRange] = useState<DateRangeValue>(() => {
    const r = lastDays(today, DEFAULT_RANGE_DAYS);
    return { start: formatUsDate(r.start), end: formatUsDate(r.end) };
  });
  const [option, setOption] = useState<NegCostReportOption | null>(null);
  const [tried, setTried] = useState(false);
  const [report, setReport] = useState<{
    page: NegCostReportPage;
    criteria: NegCostReportCriteria;
    at: string;
  } | null>(null);
  const [pdf, setPdf] = useState<Blob | null>(null);
  const [mailOpen, setMailOpen] = useState(false);

  // Each zone's lists, once loaded, are announced (spec §8 'Options reloaded,...').
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (zone && combo.data && vendors.data && announced.current !== zone.ZoneSetupID) {
      announced.current = zone.ZoneSetupID;
      notify.info(
        msg('OPTIONS_RELOADED', {
          zone: zoneLabel(zone),
          negCost: combo.data.length,
          vendors: vendors.data.length,
        }),
      );
    }
  }, [zone, combo.data, vendors.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another zone starts a new report
  useEffect(() => {
    setComboId(null);
    setReport(null);
  }, [zoneId]);

  const begin = parseDateInput(range.start);
  const end = parseDateInput(range.end);
  const valid = begin !== null && end !== null && end >= begin;
  const chosen = combo.data?.find((c) => String(c.NegCostID) === comboId) ?? null;
  const criteria = (): NegCostReportCriteria | null =>
    zone && valid
      ? {
          ZoneSetupID: zone.ZoneSetupID,
          ZoneNo: zone.ZoneNo,
          ZoneName: zone.ZoneName,
          VendorID: vendor.trim() || undefined,
          BeginDate: range.start,
          EndDate: range.end,
          CboOption: option ?? 'Negotiated',
          LName: chosen?.Label,
        }
      : null;

  const chooseCombo = (id: string | null) => {
    setComboId(id);
    const c = combo.data?.find((x) => String(x.NegCostID) === id);
    if (!c) return;
    // A combo entry sets the vendor and the range from its dates (spec §4).
    setVendor(vendors.data?.find((v) => v.VendorID === c.VendorID)?.Text ?? c.VendorID);
    setRange({ start: formatUsDate(c.EffDate), end: formatUsDate(c.ExpDate) });
  };

  // The report view reads a page of invoices at a time (docs/decisions.md "Issue 23").
  const view = useMutation({
    mutationFn: ({ c, page }: { c: NegCostReportCriteria; page: number }) =>
      fetchReportPage(user, { ...c, Page: page }).then((p) => ({ page: p, criteria: c })),
    onSuccess: ({ page, criteria: c }) => {
      if (page.TotalCount === 0) notify.warning(MESSAGES.NOTHING_TO_REPORT);
      else
        setReport((prev) => ({
          page,
          criteria: c,
          at:
            prev?.criteria === c
              ? prev.at
              : formatUsDateTime(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone),
        }));
    },
    onError: (e) => notify.error(reportError(e)),
  });
  const pdfCall = useMutation({
    mutationFn: (c: NegCostReportCriteria) => fetchReportPdf(user, c),
    onError: (e) => notify.error(reportError(e)),
  });
  const claim = useMutation({
    mutationFn: (c: NegCostReportCriteria) => fetchClaimCsv(user, c),
    onSuccess: (blob) => saveFile(blob, 'recovery-claim.csv'),
    onError: (e) => notify.error(reportError(e)),
  });
  const email = useMutation({
    mutationFn: (body: Parameters<typeof emailReport>[1]) => emailReport(user, body),
    onSuccess: () => {
      notify.info(MESSAGES.REPORT_SENT);
      setMailOpen(false);
    },
    onError: (e) => notify.error(msg('EMAIL_REPORT_FAILED', { detail: reportError(e) })),
  });

  if (zoneId === null) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{t('negCostRpt.pickZone')}</Text>
      </Paper>
    );
  }

  const onView = () => {
    setTried(true);
    const c = criteria();
    if (c) view.mutate({ c, page: 1 });
  };
  const zoneName = zone ? zoneLabel(zone) : '';

  if (report) {
    const withPdf = (then: (blob: Blob) => void) => pdfCall.mutate(report.criteria, { onSuccess: then });
    return (
      <>
        <ReportView
          page={report.page}
          loadingPage={view.isPending}
          onPage={(page) => view.mutate({ c: report.criteria, page })}
          stamp={t('negCostRpt.stamp', {
            zone: zoneName,
            begin: report.criteria.BeginDate,
            end: report.criteria.EndDate,
            at: report.at,
          })}
          busy={pdfCall.isPending}
          onBack={() => setReport(null)}
          onPdf={() => withPdf(setPdf)}
          onNewWindow={() => withPdf((b) => window.open(URL.createObjectURL(b), '_blank', 'noopener'))}
          onPrint={() => withPdf(setPdf)}
          onClaim={() => claim.mutate(report.criteria)}
        />
        <PdfViewerDialog
          pdf={pdf}
          title={t('negCostRpt.viewerTitle', { zone: zoneName })}
          helpState={HELP}
          onClose={() => setPdf(null)}
        />
      </>
    );
  }

  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {t('negCostRpt.criteria')}
      </Title>
      <Stack gap="sm" maw={720}>
        <Group grow align="flex-start">
          <Autocomplete
            label={t('negCostRpt.vendor')}
            placeholder={t('SELECT_VENDOR_PLACEHOLDER')}
            data={(vendors.data ?? []).map((v) => v.Text)}
            value={vendor}
            onChange={setVendor}
            limit={50}
          />
          <Select
            label={t('negCostRpt.negCost')}
            placeholder={t('negCostRpt.negCostPlaceholder')}
            data={(combo.data ?? []).map((c) => ({ value: String(c.NegCostID), label: c.ItemDisplayText }))}
            value={comboId}
            onChange={chooseCombo}
            searchable
            clearable
            limit={50}
          />
        </Group>
        <DateRangeField
          startLabel={t('negCostRpt.beginDate')}
          endLabel={t('negCostRpt.endDate')}
          value={range}
          onChange={setRange}
          today={today}
          required
          showErrors={tried}
        />
        <Select
          label={t('negCostRpt.option')}
          placeholder={t('SELECT_OPTIONS_PLACEHOLDER')}
          data={NEG_COST_REPORT_OPTIONS.map((o) => ({ value: o, label: t(`negCostRpt.options.${o}`) }))}
          value={option}
          onChange={(v) => setOption(v as NegCostReportOption | null)}
          clearable
          maw={340}
        />
        <Group gap="xs">
          <Button onClick={onView} disabled={view.isPending || !zone}>
            {view.isPending ? t('IN_PROGRESS') : t('negCostRpt.view')}
          </Button>
          {emailEnabled && (
            <Button
              variant="default"
              disabled={!zone}
              onClick={() => {
                setTried(true);
                if (valid) setMailOpen(true);
              }}
            >
              {t('negCostRpt.email')}
            </Button>
          )}
        </Group>
      </Stack>
      <MailDialog
        opened={mailOpen}
        title={t('negCostRpt.email')}
        initial={{
          subject: t('negCostRpt.emailSubject', { zone: zoneName, begin: range.start, end: range.end }),
        }}
        sending={email.isPending}
        onClose={() => setMailOpen(false)}
        onSend={(mail) => {
          const c = criteria();
          if (c) email.mutate({ ...c, emailInfo: mail });
        }}
      />
    </Paper>
  );
}
