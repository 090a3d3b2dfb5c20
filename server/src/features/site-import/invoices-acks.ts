/**
 * What else a store sends back: vendor invoices (into invoices / invoice_lines, once per vendor,
 * site and number) and acknowledgements (the newest one recorded on site_exchange, its refused item
 * records replacing the site's site_refusals).
 */
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { Invoice } from '../../exchange/csv/invoice-file';
import type { MaintenanceAck } from '../../exchange/naxml/store-files';
import { eachPageInTurns } from '../../lib/loop-turns';

export interface InvoiceOutcome {
  /** Invoices written now (already imported ones are skipped). */
  written: number;
  /** Invoices not written, with the reason (e.g. an unknown vendor). */
  problems: string[];
}

export async function writeInvoices(
  ex: Executor,
  siteId: number,
  files: Array<{ name: string; invoices: Invoice[] }>,
): Promise<InvoiceOutcome> {
  const all = files.flatMap((f) => f.invoices.map((inv) => ({ file: f.name, inv })));
  if (!all.length) return { written: 0, problems: [] };
  const vendorIds = [...new Set(all.map((a) => a.inv.vendorId))];
  const known = new Set(
    (
      await rows<{ id: string }>(
        ex,
        sql`select id from vendors where id = any(${pgArray(vendorIds, 'text')})`,
      )
    ).map((v) => v.id),
  );
  const problems: string[] = [];
  let written = 0;
  for (const { file, inv } of all) {
    if (!known.has(inv.vendorId)) {
      problems.push(`${file}: invoice ${inv.invoiceNo}: vendor ${inv.vendorId} is not set up`);
      continue;
    }
    const [made] = await rows<{ id: number }>(
      ex,
      sql`insert into invoices (vendor_id, site_id, invoice_no, invoice_date)
        values (${inv.vendorId}, ${siteId}, ${inv.invoiceNo}, ${inv.invoiceDate})
        on conflict (vendor_id, site_id, invoice_no) do nothing returning id`,
    );
    if (!made) continue;
    const l = inv.lines;
    await ex.execute(sql`insert into invoice_lines (invoice_id, line_no, item_id, pack_size, description, quantity, unit_cost)
      select ${made.id}, * from unnest(${pgArray(
        l.map((x) => x.lineNo),
        'int',
      )}, ${pgArray(
        l.map((x) => x.itemId),
        'text',
      )}, ${pgArray(
        l.map((x) => x.packSize),
        'int',
      )}, ${pgArray(
        l.map((x) => x.description),
        'text',
      )}, ${pgArray(
        l.map((x) => x.quantity),
        'numeric',
      )}, ${pgArray(
        l.map((x) => x.unitCost),
        'numeric',
      )})`);
    written++;
  }
  return { written, problems };
}

/** Refused records written per statement. */
const REFUSALS_PAGE = 5_000;

/** Records the newest acknowledgement; returns how many refused item records it carries. */
export async function recordAcks(
  ex: Executor,
  siteId: number,
  acks: Array<{ name: string; ack: MaintenanceAck }>,
): Promise<number> {
  const last = acks.at(-1);
  if (!last) return 0;
  const { ack, name } = last;
  const refused = ack.refused.filter((r) => r.table === 'ITT' && r.itemId !== null);
  await ex.execute(sql`insert into site_exchange (site_id, last_ack_file, last_ack_for, last_ack_at,
      last_ack_applied, last_ack_refused)
    values (${siteId}, ${name}, ${ack.file}, ${ack.processedAt || null}::timestamptz, ${ack.applied}, ${ack.refused.length})
    on conflict (site_id) do update set last_ack_file = excluded.last_ack_file, last_ack_for = excluded.last_ack_for,
      last_ack_at = excluded.last_ack_at, last_ack_applied = excluded.last_ack_applied,
      last_ack_refused = excluded.last_ack_refused`);
  await ex.execute(sql`delete from site_refusals where site_id = ${siteId}`);
  // A page of records a statement, with a turn of the event loop between: building the array
  // parameters of 30,000 refusals in one go held the loop for 40-50 ms (issue 27).
  await eachPageInTurns(refused, REFUSALS_PAGE, (page) =>
    ex.execute(sql`insert into site_refusals (site_id, item_id, pack_size, reason, ack_file)
      select ${siteId}, * , ${name} from unnest(${pgArray(
        page.map((r) => r.itemId),
        'text',
      )}, ${pgArray(
        page.map((r) => r.packSize ?? 1),
        'int',
      )}, ${pgArray(
        page.map((r) => r.reason),
        'text',
      )})
      on conflict (site_id, item_id, pack_size) do nothing`),
  );
  return ack.refused.length;
}
