/**
 * A fingerprint of the price book: the row count of every table and a hash of the rows of the
 * tables a write changes. A refused request must leave it exactly as it was. Sign-in bookkeeping
 * (sessions, failed sign-ins) is left out: recording a refused sign-in is its job.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../src/db/client';

const SKIP = new Set(['sessions', 'login_failures', '__drizzle_migrations']);
const HASHED = [
  'site_items',
  'zone_items',
  'item_history',
  'items',
  'item_group_members',
  'item_groups',
  'pricing_events',
  'pricing_event_items',
  'negotiated_cost_headers',
  'negotiated_cost_items',
  'item_uoms',
  'item_links',
  'item_vendor_numbers',
];

export async function fingerprint(ex: Executor): Promise<string> {
  const tables = (
    await rows<{ name: string }>(
      ex,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  )
    .map((t) => t.name)
    .filter((t) => !SKIP.has(t));
  const parts = tables.map((t) =>
    HASHED.includes(t)
      ? `(select '${t}:' || count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from ${t} x)`
      : `(select '${t}:' || count(*) from ${t})`,
  );
  const [r] = await rows<{ fp: string }>(ex, sql.raw(`select concat_ws(' ', ${parts.join(', ')}) as fp`));
  return r.fp;
}
