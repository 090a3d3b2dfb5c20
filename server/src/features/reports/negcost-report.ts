/**
 * The Negotiated Cost Report (spec part 2 §2, §7): the criteria checked, the rows read from the
 * database (negcost-report-query.ts), and one table model laid out as PDF in the worker (pdf.ts),
 * as HTML (html.ts) or e-mailed (mail.ts). Each invoice is a heading row (vendor, source site,
 * invoice, date, Invoice Difference coloured by its sign) then its lines: Vendor, Date, ID, Size,
 * Description, Actual, Negotiated, Qty. The note gives the recovery claim: the total billed above
 * the negotiated costs per vendor and month (docs/decisions.md "Issue 23").
 */
import {
  COST_SCALE,
  csvSafeCell,
  formatCurrency,
  fromMinor,
  msg,
  NEG_COST_REPORT_OPTIONS,
  NEG_COST_REPORT_PAGE_SIZE,
  type NegCostReportCriteria,
  type NegCostReportOption,
  type NegCostReportPage,
  type NegCostReportRow,
  type NegCostReportRowsBody,
  PRICE_SCALE,
  parseDateInput,
  roundToScale,
} from '@cpb/domain';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { renderTableHtml } from './html';
import {
  DIFF_SCALE,
  groupInvoices,
  type NegCostReportQuery,
  selectReportInvoices,
  selectReportLines,
} from './negcost-report-query';
import { type ReportColumn, type ReportRowStyle, renderTablePdf, type TableReport } from './pdf';

export const NEG_COST_REPORT_TITLE = 'Negotiated Cost Report';

type Criteria = z.output<typeof NegCostReportCriteria>;

const COLOR_HEX: Record<NegCostReportRow['color'], string> = {
  red: '#b00020',
  green: '#2b8a3e',
  black: '#111111',
};

const COLUMNS: ReportColumn[] = [
  { field: 'Vendor', header: 'Vendor' },
  { field: 'Date', header: 'Date' },
  { field: 'ID', header: 'ID' },
  { field: 'Size', header: 'Size', numeric: true },
  { field: 'Description', header: 'Description', width: '*' },
  { field: 'Actual', header: 'Actual', numeric: true },
  { field: 'Negotiated', header: 'Negotiated', numeric: true },
  { field: 'Qty', header: 'Qty', numeric: true },
];

const bad = (field: string, code: Parameters<typeof msg>[0]) =>
  new AppError('VALIDATION', `${field}: ${msg(code)}`);

/** The criteria as the query takes them: dates read (inclusive), vendor as its ID, option by default Negotiated. */
export function reportQuery(c: Criteria): NegCostReportQuery {
  const begin = parseDateInput(c.BeginDate);
  if (!begin) throw bad('BeginDate', c.BeginDate.trim() ? 'INVALID_DATE' : 'REQUIRED');
  const end = parseDateInput(c.EndDate);
  if (!end) throw bad('EndDate', c.EndDate.trim() ? 'INVALID_DATE' : 'REQUIRED');
  if (end < begin) throw new AppError('VALIDATION', `EndDate: ${msg('NEG_COST_REPORT_RANGE')}`);
  const vendor = (c.VendorID ?? '').split(' - ')[0].trim().toUpperCase();
  const option: NegCostReportOption = c.CboOption ?? NEG_COST_REPORT_OPTIONS[0];
  return {
    zoneId: c.ZoneSetupID,
    vendorId: vendor || null,
    begin,
    end,
    option,
    label: c.LName?.trim() || null,
  };
}

const money = (v: bigint) => formatCurrency(roundToScale(v, DIFF_SCALE, PRICE_SCALE), PRICE_SCALE);

/** The amount to claim back per vendor and month: what was billed above the negotiated cost. */
export function recoveryClaims(rows: ReadonlyArray<NegCostReportRow & { exact: bigint }>) {
  const claims = new Map<string, { vendor: string; month: string; amount: bigint; invoices: string[] }>();
  for (const r of rows) {
    if (r.exact <= 0n) continue;
    const [mm, , yyyy] = r.InvoiceDate.split('/');
    const key = `${r.VendorId}|${yyyy}-${mm}`;
    const c = claims.get(key) ?? { vendor: r.VendorId, month: `${yyyy}-${mm}`, amount: 0n, invoices: [] };
    c.amount += r.exact;
    c.invoices.push(r.Invoice);
    claims.set(key, c);
  }
  return [...claims.values()].sort(
    (a, b) => a.vendor.localeCompare(b.vendor) || a.month.localeCompare(b.month),
  );
}

export function negCostReportService(deps: { db: Db; config: AppConfig }) {
  async function read(c: Criteria) {
    const q = reportQuery(c);
    return { q, rows: groupInvoices(await selectReportLines(deps.db, q)) };
  }

  /** The table model; none when nothing matches ('Nothing to report for the given criteria!'). */
  async function table(c: Criteria, userName: string): Promise<TableReport> {
    const { q, rows } = await read(c);
    if (rows.length === 0) throw new AppError('NOT_FOUND', msg('NOTHING_TO_REPORT'));
    const body: Array<Record<string, unknown>> = [];
    const styles: Array<ReportRowStyle | null> = [];
    let total = 0n;
    for (const r of rows) {
      total += r.exact;
      body.push({
        Vendor: `Vendor ${r.VendorId} · ${r.UserDefinedSourceSite} · Invoice ${r.Invoice} (${r.InvoiceDate}) · Invoice Difference ${money(r.exact)}`,
      });
      styles.push({ fill: '#eef2f7', span: COLUMNS.length, color: COLOR_HEX[r.color] });
      for (const l of r.Items) {
        body.push({
          Vendor: r.VendorId,
          Date: l.BookDate,
          ID: l.ID,
          Size: l.PackSize,
          Description: l.Description,
          Actual: l.UnitCost,
          Negotiated: l.NegotiatedCost,
          Qty: l.Quantity,
        });
        styles.push(null);
      }
    }
    const claims = recoveryClaims(rows);
    const zone =
      c.ZoneNo !== undefined
        ? `Zone ${c.ZoneNo}${c.ZoneName ? ` - ${c.ZoneName}` : ''}`
        : `Zone ${c.ZoneSetupID}`;
    const note = [
      `${rows.length} invoice(s); total difference ${money(total)}.`,
      claims.length
        ? `Recovery claim: ${claims.map((k) => `${k.vendor} ${k.month} ${money(k.amount)} (${k.invoices.length} invoice(s))`).join('; ')}.`
        : 'Recovery claim: nothing billed above the negotiated costs.',
    ].join('\n');
    return {
      title: NEG_COST_REPORT_TITLE,
      subtitle: `${zone}, ${c.BeginDate} - ${c.EndDate}, ${q.option}${q.vendorId ? `, vendor ${q.vendorId}` : ''}${q.label ? `, ${q.label}` : ''}`,
      note,
      userName,
      columns: COLUMNS,
      rows: body,
      rowStyles: styles,
      orientation: 'landscape',
      timeZone: deps.config.businessTimeZone,
    };
  }

  return {
    /**
     * A page of the report view (POST /report/{user}/negcost/preview): every invoice's difference
     * summed by the database, then only the page's invoices read line by line. No invoice: an
     * empty page ('Nothing to report for the given criteria!' on the page).
     */
    async page(c: z.output<typeof NegCostReportRowsBody>): Promise<NegCostReportPage> {
      const q = reportQuery(c);
      const page = c.Page ?? 1;
      const size = c.PageSize ?? NEG_COST_REPORT_PAGE_SIZE;
      const invoices = await selectReportInvoices(deps.db, q);
      const ids = invoices.slice((page - 1) * size, page * size).map((i) => i.id);
      const lines = ids.length ? await selectReportLines(deps.db, q, ids) : [];
      return {
        Invoices: groupInvoices(lines).map(({ exact: _exact, ...r }) => r),
        TotalCount: invoices.length,
        // Each invoice's difference as answered (4 decimals), summed: what the page totals.
        TotalDifference: fromMinor(
          invoices.reduce((t, i) => t + roundToScale(i.exact, DIFF_SCALE, COST_SCALE), 0n),
          COST_SCALE,
        ),
        Page: page,
        PageSize: size,
      };
    },
    async pdf(c: Criteria, userName: string) {
      return { pdf: await renderTablePdf(await table(c, userName)), fileName: 'negotiated-cost-report.pdf' };
    },
    async html(c: Criteria, userName: string) {
      return renderTableHtml(await table(c, userName));
    },
    /** The recovery claim as CSV: vendor, month, amount, invoices. */
    async claimsCsv(c: Criteria): Promise<string> {
      const claims = recoveryClaims((await read(c)).rows);
      const cell = (v: string) => `"${csvSafeCell(v).replace(/"/g, '""')}"`;
      const lines = claims.map((k) =>
        [k.vendor, k.month, fromScale(k.amount), k.invoices.join(' ')].map(cell).join(','),
      );
      return ['Vendor,Month,Amount,Invoices', ...lines].join('\r\n');
    },
  };
}

const fromScale = (v: bigint) => money(v).replace(/[$,]/g, '');

export type NegCostReportService = ReturnType<typeof negCostReportService>;
