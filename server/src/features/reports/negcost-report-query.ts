/**
 * The Negotiated Cost Report's rows, read from the database (spec part 2 §2, §3; DOMAIN.md
 * "Negotiated costs and invoices"; docs/decisions.md "Issue 23"): every invoice line of the zone's
 * stores dated in the range, beside the negotiated cost of the zone, the invoice's vendor and the
 * line's item in force on the invoice date (effective and expiration dates inclusive). When two
 * such costs overlap, the one that took effect last wins; on the same day, the newer header (higher
 * NegCostID). Money is exact: (actual - negotiated) x qty per line in bigint, summed per invoice.
 */
import {
  COST_SCALE,
  formatUsDate,
  fromMinor,
  type NegCostReportOption,
  type NegCostReportRow,
  roundToScale,
  toMinor,
} from '@cpb/domain';
import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

/** Quantities are numeric(12,3); a line's difference is at cost scale + 3. */
const QTY_SCALE = 3;
export const DIFF_SCALE = COST_SCALE + QTY_SCALE;

export interface NegCostReportQuery {
  zoneId: number;
  /** Blank: every vendor. */
  vendorId: string | null;
  /** ISO dates, inclusive. */
  begin: string;
  end: string;
  option: NegCostReportOption;
  /** Only this negotiated cost label is compared; null: all. */
  label: string | null;
}

interface LineRow {
  invoice_id: number;
  vendor_id: string;
  invoice_no: string;
  invoice_date: string;
  site_no: number;
  site_name: string;
  item_id: string;
  pack_size: number;
  description: string | null;
  quantity: string;
  unit_cost: string;
  neg_cost: string;
  label: string;
}

/** Which lines an option keeps (the comparison runs in the database, on the index). */
const OPTION_FILTER: Record<NegCostReportOption, SQL> = {
  Negotiated: sql`true`,
  Increases: sql`l.unit_cost > n.cost`,
  Decreases: sql`l.unit_cost < n.cost`,
  IncreasesAndDecreases: sql`l.unit_cost <> n.cost`,
};

/**
 * Each line joined to every negotiated cost of the zone, vendor and item in force on its date; the
 * option's comparison first (cheap, and most lines fail Increases or Decreases), then only the
 * winner kept: no other such cost took effect later (or the same day with a higher NegCostID).
 * Choosing the winner after the comparison gives the same rows, a line having one winner.
 * The zone's costs are a fenced subquery (`offset 0`): joined to the lines by hash, each line read
 * once; without it the planner joined invoices to headers by date first and read the lines of a
 * year once per header in force (2-3x slower, bench/README.md "Negotiated Cost Report").
 * `invoiceIds`: only those invoices' lines.
 */
function comparedLines(q: NegCostReportQuery, invoiceIds?: readonly number[]): SQL {
  const label = (h: SQL) => (q.label === null ? sql`` : sql`and ${h}.label = ${q.label}`);
  return sql`from invoices i
      join zone_sites zs on zs.site_id = i.site_id and zs.zone_id = ${q.zoneId}
      join sites s on s.id = i.site_id
      join invoice_lines l on l.invoice_id = i.id
      join (select ni.item_id, ni.pack_size, h.id, h.vendor_id, h.cost, h.label, h.effective_date,
          h.expiration_date
        from negotiated_cost_items ni join negotiated_cost_headers h on h.id = ni.header_id
        where h.zone_id = ${q.zoneId} ${label(sql`h`)}
        offset 0) n on n.item_id = l.item_id and n.pack_size = l.pack_size
        and n.vendor_id = i.vendor_id and i.invoice_date between n.effective_date and n.expiration_date
      where i.invoice_date between ${q.begin}::date and ${q.end}::date
        ${q.vendorId === null ? sql`` : sql`and i.vendor_id = ${q.vendorId}`}
        ${invoiceIds === undefined ? sql`` : sql`and i.id = any(${pgArray([...invoiceIds], 'int')})`}
        and ${OPTION_FILTER[q.option]}
        and not exists (
          select 1 from negotiated_cost_items ni2
          join negotiated_cost_headers h2 on h2.id = ni2.header_id
          where ni2.item_id = l.item_id and ni2.pack_size = l.pack_size
            and h2.zone_id = ${q.zoneId} and h2.vendor_id = i.vendor_id
            and i.invoice_date between h2.effective_date and h2.expiration_date
            and (h2.effective_date, h2.id) > (n.effective_date, n.id)
            ${label(sql`h2`)})`;
}

/** The report's invoices in order, each line compared; `invoiceIds`: only those invoices. */
export function selectReportLines(
  ex: Executor,
  q: NegCostReportQuery,
  invoiceIds?: readonly number[],
): Promise<LineRow[]> {
  return rows<LineRow>(
    ex,
    sql`select i.id invoice_id, i.vendor_id, i.invoice_no, i.invoice_date::text invoice_date,
        s.site_no, s.name site_name, l.item_id, l.pack_size, l.description,
        l.quantity::text quantity, l.unit_cost::text unit_cost, n.cost::text neg_cost, n.label
      ${comparedLines(q, invoiceIds)}
      order by i.vendor_id, i.invoice_date, s.site_no, i.invoice_no, l.line_no`,
  );
}

/**
 * Every invoice of the report in the report's order, with its difference summed by the database
 * (numeric, exact: (actual - negotiated) x qty at DIFF_SCALE): one pass over the lines, no line
 * sent to the server. A page of the report view reads only its own invoices' lines.
 */
export async function selectReportInvoices(
  ex: Executor,
  q: NegCostReportQuery,
): Promise<Array<{ id: number; exact: bigint }>> {
  const found = await rows<{ id: number; diff: string }>(
    ex,
    sql`select i.id, sum((l.unit_cost - n.cost) * l.quantity)::text diff
      ${comparedLines(q)}
      group by i.id, i.vendor_id, i.invoice_date, s.site_no, i.invoice_no
      order by i.vendor_id, i.invoice_date, s.site_no, i.invoice_no`,
  );
  return found.map((r) => ({ id: r.id, exact: toMinor(r.diff, DIFF_SCALE) }));
}

/** A line's difference, exact, at DIFF_SCALE: (actual - negotiated) x qty. */
export function lineDifference(unitCost: string, negCost: string, quantity: string): bigint {
  return (toMinor(unitCost, COST_SCALE) - toMinor(negCost, COST_SCALE)) * toMinor(quantity, QTY_SCALE);
}

/** An exact difference as the answers give it: 4 decimals (half away from zero past them). */
export const differenceText = (v: bigint) => fromMinor(roundToScale(v, DIFF_SCALE, COST_SCALE), COST_SCALE);

const colorOf = (v: bigint): NegCostReportRow['color'] => (v > 0n ? 'red' : v < 0n ? 'green' : 'black');

function comment(unit: bigint, neg: bigint): string {
  if (unit === neg) return 'As negotiated';
  const by = fromMinor(unit > neg ? unit - neg : neg - unit, COST_SCALE);
  return unit > neg ? `Over by ${by}` : `Under by ${by}`;
}

/** The report's rows: one per invoice with its lines, in the query's order; plus each exact sum. */
export function groupInvoices(lines: readonly LineRow[]): Array<NegCostReportRow & { exact: bigint }> {
  const out: Array<NegCostReportRow & { exact: bigint; id: number }> = [];
  let current: (NegCostReportRow & { exact: bigint; id: number }) | null = null;
  for (const l of lines) {
    if (!current || current.id !== l.invoice_id) {
      current = {
        id: l.invoice_id,
        VendorId: l.vendor_id,
        UserDefinedSourceSite: `Site ${l.site_no} - ${l.site_name}`,
        Invoice: l.invoice_no,
        InvoiceDate: formatUsDate(l.invoice_date),
        InvoiceDifference: '',
        color: 'black',
        Items: [],
        exact: 0n,
      };
      out.push(current);
    }
    const unit = toMinor(l.unit_cost, COST_SCALE);
    const neg = toMinor(l.neg_cost, COST_SCALE);
    current.exact += lineDifference(l.unit_cost, l.neg_cost, l.quantity);
    current.Items.push({
      ItemComment: comment(unit, neg),
      BookDate: formatUsDate(l.invoice_date),
      ID: l.item_id,
      PackSize: l.pack_size,
      Description: l.description ?? '',
      UnitCost: fromMinor(unit, COST_SCALE),
      NegotiatedCost: fromMinor(neg, COST_SCALE),
      Quantity: fromMinor(toMinor(l.quantity, QTY_SCALE), QTY_SCALE).replace(/\.?0+$/, ''),
      Label: l.label,
    });
  }
  return out.map(({ id: _id, ...r }) => ({
    ...r,
    InvoiceDifference: differenceText(r.exact),
    color: colorOf(r.exact),
  }));
}
