/**
 * Settle: folds what a write cannot (docs/architecture.md, "The write path"). A write folds the
 * rows it touches; but when most stores of a zone moved to one value one coverage at a time, each
 * write saw only a few stores and kept own rows. Settle, per zone and item with a base row:
 * - own rows equal to the base row fold (live rows only);
 * - where more base stores hold one same set of values through own rows than read the base row,
 *   the base row takes those values, the stores that read it keep their values as own rows, and
 *   the own rows equal to the new base row go.
 * No store's values change, so no history is written and the zone summary stays as it is; the
 * moved base row takes the largest version among the rows it replaces (no store's version goes
 * back, the UpdateKeys stay). Runs in its own transaction with the zones locked as a write locks
 * them (write-scope.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { VALUE_COLUMNS } from './fields';
import { keysIn } from './layers';
import type { ItemKey } from './summary';

export interface SettleResult {
  /** Own rows that equalled their base row and went. */
  folded: number;
  /** Base rows that took the values most of their stores hold. */
  moved: number;
  /** Own rows there are now fewer of, in all. */
  ownRowsLess: number;
}

const cols = (alias: string) => VALUE_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
const same = (a: string, b: string) => sql.raw(`(${cols(a)}) is not distinct from (${cols(b)})`);

export async function settle(
  db: Db,
  o: { zoneIds?: number[]; items?: ItemKey[] } = {},
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const zones = await rows<{ id: number }>(
      tx,
      sql`select id from zones ${o.zoneIds ? sql`where id = any(${pgArray(o.zoneIds, 'int')})` : sql``}
        order by id for no key update`,
    );
    const zoneIds = zones.map((z) => z.id);
    if (zoneIds.length === 0) return { folded: 0, moved: 0, ownRowsLess: 0 };
    const inZones = sql`s.base_zone_id = any(${pgArray(zoneIds, 'int')})`;
    const items: SQL = o.items ? keysIn('e', o.items) : sql`true`;
    const [before] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int n from site_exceptions e join sites s on s.id = e.site_id where ${inZones} and ${items}`,
    );
    const [f] = await rows<{ n: number }>(
      tx,
      sql`with del as (
        delete from site_exceptions e using sites s, base_items b
        where s.id = e.site_id and b.zone_id = s.base_zone_id and b.item_id = e.item_id and b.pack_size = e.pack_size
          and ${inZones} and ${items} and not e.deleted and ${same('e', 'b')}
        returning 1)
      select count(*)::int n from del`,
    );
    // Per zone and item, the most common values among own rows, where more stores hold them than
    // read the base row; the moves run in one statement (every part sees the rows as they were).
    const [m] = await rows<{ n: number }>(
      tx,
      sql`with own as (
          select s.base_zone_id as zone_id, e.* from site_exceptions e join sites s on s.id = e.site_id
          join base_items b on b.zone_id = s.base_zone_id and b.item_id = e.item_id and b.pack_size = e.pack_size
          where ${inZones} and ${items} and not e.deleted),
        grp as (
          select zone_id, item_id, pack_size, ${sql.raw(VALUE_COLUMNS.join(', '))}, count(*) as n, max(version) as v,
            row_number() over (partition by zone_id, item_id, pack_size order by count(*) desc, max(version) desc) as rk
          from own group by zone_id, item_id, pack_size, ${sql.raw(VALUE_COLUMNS.join(', '))}),
        onbase as (
          select b.zone_id, b.item_id, b.pack_size, count(*) as n
          from base_items b join sites s on s.base_zone_id = b.zone_id
          where (b.zone_id, b.item_id, b.pack_size) in (select zone_id, item_id, pack_size from grp where rk = 1)
            and not exists (select 1 from site_exceptions x
              where x.site_id = s.id and x.item_id = b.item_id and x.pack_size = b.pack_size)
          group by b.zone_id, b.item_id, b.pack_size),
        mv as (
          select g.* from grp g left join onbase o
            on o.zone_id = g.zone_id and o.item_id = g.item_id and o.pack_size = g.pack_size
          where g.rk = 1 and g.n > coalesce(o.n, 0)),
        keep as (
          insert into site_exceptions (site_id, item_id, pack_size, ${sql.raw(VALUE_COLUMNS.join(', '))},
            deleted, version, updated_at, updated_by)
          select s.id, b.item_id, b.pack_size, ${sql.raw(cols('b'))}, false, b.version, b.updated_at, b.updated_by
          from mv join base_items b on b.zone_id = mv.zone_id and b.item_id = mv.item_id and b.pack_size = mv.pack_size
          join sites s on s.base_zone_id = b.zone_id
          where not exists (select 1 from site_exceptions x
            where x.site_id = s.id and x.item_id = b.item_id and x.pack_size = b.pack_size)
          returning 1),
        base as (
          update base_items b set ${sql.raw(VALUE_COLUMNS.map((c) => `${c} = mv.${c}`).join(', '))},
            version = greatest(b.version, mv.v), updated_at = now()
          from mv where b.zone_id = mv.zone_id and b.item_id = mv.item_id and b.pack_size = mv.pack_size
          returning 1),
        gone as (
          delete from site_exceptions e using sites s, mv
          where s.id = e.site_id and s.base_zone_id = mv.zone_id and e.item_id = mv.item_id
            and e.pack_size = mv.pack_size and not e.deleted and ${same('e', 'mv')}
          returning 1)
      select (select count(*) from base)::int as n, (select count(*) from keep) as kept, (select count(*) from gone) as gone`,
    );
    const [after] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int n from site_exceptions e join sites s on s.id = e.site_id where ${inZones} and ${items}`,
    );
    return { folded: f.n, moved: m.n, ownRowsLess: before.n - after.n };
  });
}
