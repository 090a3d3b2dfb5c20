/**
 * A digest of everything a write can change, to prove that a refused request wrote nothing.
 * Rows are hashed as text in a fixed order; works the same on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import { rows } from '../../src/db/client';

const TABLES = [
  'site_items',
  'zone_items',
  'item_history',
  'items',
  'item_uoms',
  'item_links',
  'item_vendor_numbers',
  'item_groups',
  'item_group_members',
  'pricing_events',
  'pricing_event_items',
  'negotiated_cost_headers',
  'negotiated_cost_items',
];

export async function fingerprint(ex: Executor): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const [r] = await rows<{ n: number; digest: string | null }>(
      ex,
      sql`select count(*)::int n, md5(string_agg(t::text, '|' order by t::text)) digest from ${sql.identifier(table)} t`,
    );
    out[table] = `${r.n}:${r.digest ?? ''}`;
  }
  return out;
}
