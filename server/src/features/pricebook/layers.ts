/**
 * The two layers a site's row comes from (docs/architecture.md, "Storage"): its base zone's row in
 * base_items, or its own row in site_exceptions. The site_items view reads them as one; these are
 * the set-based steps the write path uses on them.
 */
import { type SQL, sql } from 'drizzle-orm';
import { itemKeyArrays, pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { VALUE_COLUMNS, valueColumns } from './fields';
import type { ItemKey } from './summary';

/** Every write sets a row's version to the next value of this sequence (migration 0003). */
export const NEXT_VERSION = sql.raw(`nextval('site_item_version_seq')`);

/** The columns of a history row written for one site (site_id) or for many (site_ids). */
export const HISTORY_COLUMNS = sql.raw(
  'item_id, pack_size, changed_by, source, dept, sub, unit_list, values_after',
);

/** Sites whose base zone is this zone: they carry its base rows unless they have their own. */
export async function baseSitesOf(ex: Executor, zoneId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    ex,
    sql`select id from sites where base_zone_id = ${zoneId} order by id`,
  );
  return found.map((r) => r.id);
}

/** `(alias.item_id, alias.pack_size) in (the keys)`. */
export function keysIn(alias: string, keys: readonly ItemKey[]): SQL {
  const { ids, packs } = itemKeyArrays(keys);
  return sql`(${sql.raw(alias)}.item_id, ${sql.raw(alias)}.pack_size) in (select * from unnest(${ids}, ${packs}))`;
}

/**
 * Gives each of these sites its own row of the items where it carries its base zone's row, with
 * the same values and version (what the site has does not change), so that a write can then set
 * the site apart from the rest of its base zone.
 */
export async function ownRowsAt(ex: Executor, siteIds: number[], keys: readonly ItemKey[]) {
  if (siteIds.length === 0 || keys.length === 0) return;
  await ex.execute(sql`
    insert into site_exceptions (site_id, item_id, pack_size, ${sql.raw(VALUE_COLUMNS.join(', '))},
      deleted, version, updated_at, updated_by)
    select s.id, b.item_id, b.pack_size, ${sql.raw(valueColumns('b'))}, false, b.version, b.updated_at, b.updated_by
    from base_items b join sites s on s.base_zone_id = b.zone_id
    where s.id = any(${pgArray(siteIds, 'int')}) and ${keysIn('b', keys)}
    on conflict (site_id, item_id, pack_size) do nothing`);
}

/**
 * Base rows where a zone's stores agree; a site without a base zone takes its first zone (the
 * SQL function of migration 0004). Seeds and fixtures run it after loading site rows.
 */
export async function settleBaseRows(ex: Executor) {
  await ex.execute(sql`select settle_base_rows()`);
}
