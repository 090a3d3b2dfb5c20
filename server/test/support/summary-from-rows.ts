/**
 * The zone summary recomputed the slow, obvious way, as the tests' reference: one row per store
 * from the site_items view (what each store has), mode() over them, the same upsert. The server
 * computes it from the layers instead (pricebook/summary.ts); the tests compare the two.
 */
import { sql } from 'drizzle-orm';
import { itemKeyArrays } from '../../src/db/arrays';
import type { Executor } from '../../src/db/client';
import { KEPT_FLAGS, type UniformFlag } from '../../src/db/fields';
import { type ItemKey, PARTS, SUMMARY_UPSERT } from '../../src/features/pricebook/summary';

const uniform = (f: string) =>
  `(a.${f}_min is not distinct from a.${f}_max and a.${f}_n in (0, a.site_count))`;
const flagSql = (flag: UniformFlag) =>
  PARTS.filter((p) => p.uniform === flag)
    .map((p) => uniform(p.part))
    .join(' and ');
const LIVE = 'filter (where not si.deleted)';

/** Deletes the summary rows of the items and computes them again from every store's row. */
export async function summaryFromSiteRows(ex: Executor, items: ItemKey[]): Promise<void> {
  const { ids, packs } = itemKeyArrays(items);
  const inItems = sql`(si.item_id, si.pack_size) in (select * from unnest(${ids}, ${packs}))`;
  await ex.execute(
    sql`delete from zone_items where (item_id, pack_size) in (select * from unnest(${ids}, ${packs}))`,
  );
  await ex.execute(sql`with a as (
      select zs.zone_id, si.item_id, si.pack_size, (count(*) ${sql.raw(LIVE)})::int as site_count,
        max(si.version) as update_key,
        ${sql.raw(PARTS.map(({ part: f, expr: e }) => `min(${e}) ${LIVE} ${f}_min, max(${e}) ${LIVE} ${f}_max, count(${e}) ${LIVE} ${f}_n`).join(',\n'))}
      from site_items si join zone_sites zs on zs.site_id = si.site_id
      where ${inItems}
      group by zs.zone_id, si.item_id, si.pack_size
      having count(*) ${sql.raw(LIVE)} > 0),
    m as (
      select a.zone_id, a.item_id, a.pack_size,
        ${sql.raw(PARTS.map(({ part: f, expr: e }) => `mode() within group (order by ${e}) ${f}`).join(',\n'))}
      from a join site_items si on si.item_id = a.item_id and si.pack_size = a.pack_size
      join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = a.zone_id
      where not si.deleted
      group by a.zone_id, a.item_id, a.pack_size),
    g as (
      select a.zone_id, a.item_id, a.pack_size, a.site_count, a.update_key,
        ${sql.raw(PARTS.map((p) => `case when ${uniform(p.part)} then a.${p.part}_min else m.${p.part} end as ${p.part}`).join(', '))},
        ${sql.raw(KEPT_FLAGS.map((f) => `${flagSql(f)} as ${f}`).join(', '))},
        ${sql.raw(flagSql('is_uniform'))} as others_uniform
      from a left join m on m.zone_id = a.zone_id and m.item_id = a.item_id and m.pack_size = a.pack_size)
    ${SUMMARY_UPSERT}`);
}
