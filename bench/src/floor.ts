/**
 * The hand-made SQL floors: the shortest statements that do the same work as the API call, run on
 * the same database, so the API's overhead can be read as a ratio. Both Set Price floors do what
 * any implementation must: read the items' current zone price and UpdateKey (the new price and the
 * 409 come from them), write the new values, history rows with the values after the change (what
 * the History view shows), and the zone summary's price, margin and UpdateKey.
 *
 * - new floor: the storage the server uses now, zone values plus per-store exceptions (base_items,
 *   site_exceptions, one item_changes row per item with the stores it covered; item_history is a
 *   view over it). Runs only when table base_items exists.
 * - old floor: the per-store layout (one row per store and item, one history row per store row),
 *   on scratch copies of the zone's rows the bench makes before timing (bench_old_*), so the gain
 *   stays visible whatever the server's storage is. site_items is only ever read.
 */
import { sql } from 'drizzle-orm';
import { pgArray } from '../../server/src/db/arrays';
import { type Db, rows } from '../../server/src/db/client';
import { historyValues } from '../../server/src/features/pricebook/fields';
import { MARGIN_SQL } from '../../server/src/features/pricebook/summary';

/** What a price floor writes: each item's new list price (the one the API call just saved). */
export type PriceChange = { ids: string[]; packs: number[]; prices: string[] };

const SOURCE = 'bench floor';
/** The summary's margin from the new price (an SQL expression) and the row's cost. */
const margin = (price: string) =>
  sql.raw(
    MARGIN_SQL.replaceAll('g.unit_list', price)
      .replaceAll('g.unit_cost', 'zi.unit_cost')
      .replaceAll('g.inv_type', 'zi.inv_type'),
  );
/** The current zone price and UpdateKey of the items. */
const readCurrent = (tx: Db, zoneId: number, c: PriceChange) =>
  tx.execute(sql`select zi.item_id, zi.pack_size, zi.unit_list, zi.update_key from zone_items zi
    where zi.zone_id = ${zoneId} and (zi.item_id, zi.pack_size) in (select * from unnest(${pgArray(c.ids, 'text')}, ${pgArray(c.packs, 'int')}))`);
const changes = (c: PriceChange) =>
  sql`select * from unnest(${pgArray(c.ids, 'text')}, ${pgArray(c.packs, 'int')},
    ${pgArray(c.prices, 'numeric')}) as v(item_id, pack_size, price)`;

export async function floorSearch(db: Db, zoneId: number, where: ReturnType<typeof sql>) {
  await db.execute(sql`select zi.*, count(*) over () as total from zone_items zi
    where zi.zone_id = ${zoneId} and ${where} order by zi.item_id, zi.pack_size limit 100`);
}

/** Whether the server's storage is zone values plus per-store exceptions (table base_items). */
export async function hasNewLayout(db: Db): Promise<boolean> {
  const [r] = await rows<{ ok: boolean }>(db, sql`select to_regclass('base_items') is not null as ok`);
  return r.ok;
}

/**
 * New floor for Set Price, in one transaction: the zone's value of each item (base_items), the
 * exceptions of those items at the zone's stores (one history row each, as the API writes), one
 * history row per item covering the zone's base stores, and the zone summary's price and UpdateKey.
 */
export async function floorSetPriceNew(db: Db, zoneId: number, c: PriceChange) {
  await db.transaction(async (tx) => {
    await readCurrent(tx, zoneId, c);
    await floorPriceWriteNew(tx, zoneId, c);
  });
}

/**
 * The writes of the new floor, in the caller's transaction (also the Outside Updates apply floor's);
 * `others`: stores left out of the write (their own rows keep their prices).
 */
export async function floorPriceWriteNew(
  tx: Db,
  zoneId: number,
  c: PriceChange,
  o: { others?: number[] } = {},
) {
  // k: each item's new price and largest version, its base row and own rows in one aggregate. A
  // join of the two CTEs instead ran as a nested loop, 5,000 x 5,000 rows, once own rows existed
  // (2.6-3.1 s for the coverage cases' floors, 2026-11-29).
  await tx.execute(sql`with v as (${changes(c)}),
      s as (select coalesce(array_agg(id order by id), '{}') as ids from sites where base_zone_id = ${zoneId}),
      b as (update base_items bi set unit_list = v.price, version = nextval('site_item_version_seq')
        from v where bi.zone_id = ${zoneId} and bi.item_id = v.item_id and bi.pack_size = v.pack_size
        returning bi.*),
      e as (update site_exceptions se set unit_list = v.price, version = nextval('site_item_version_seq')
        from v where se.item_id = v.item_id and se.pack_size = v.pack_size and not se.deleted
          and se.site_id in (select site_id from zone_sites where zone_id = ${zoneId})
          and se.site_id <> all(${pgArray(o.others ?? [], 'int')})
        returning se.*),
      he as (insert into item_changes (site_id, item_id, pack_size, changed_by, source, dept, sub, unit_list, values_after)
        select site_id, item_id, pack_size, ${SOURCE}, ${SOURCE}, dept, sub, unit_list, ${historyValues()} from e),
      k as (select item_id, pack_size, max(version) as version, max(unit_list) filter (where base) as unit_list
        from (select item_id, pack_size, version, unit_list, true as base from b
          union all select item_id, pack_size, version, null, false from e) u
        group by item_id, pack_size having bool_or(base)),
      own as (select x.item_id, x.pack_size, array_agg(x.site_id) sites from site_exceptions x, s
        where x.site_id = any(s.ids) and (x.item_id, x.pack_size) in (select item_id, pack_size from v)
        group by x.item_id, x.pack_size),
      h as (insert into item_changes (site_ids, item_id, pack_size, changed_by, source, dept, sub, unit_list, values_after)
        select case when own.sites is null then s.ids else array(select i from unnest(s.ids) i where i <> all(own.sites)) end,
          b.item_id, b.pack_size, ${SOURCE}, ${SOURCE}, b.dept, b.sub, b.unit_list, ${historyValues('false')}
        from b cross join s left join own on own.item_id = b.item_id and own.pack_size = b.pack_size)
      update zone_items zi set unit_list = k.unit_list, is_price_uniform = true, margin = ${margin('k.unit_list')},
        update_key = k.version
      from k where zi.zone_id = ${zoneId} and zi.item_id = k.item_id and zi.pack_size = k.pack_size`);
}

/**
 * A second zone's summary after a write to zone `zoneId` reached its stores (all reading zone
 * `zoneId`'s base rows, the new prices everywhere): price, margin and UpdateKey from the base rows.
 */
export async function floorOtherZoneSummary(tx: Db, zoneId: number, otherZoneId: number, c: PriceChange) {
  await tx.execute(sql`with v as (${changes(c)})
    update zone_items zi set unit_list = v.price, is_price_uniform = true, margin = ${margin('v.price')},
      update_key = greatest(zi.update_key, b.version)
    from v join base_items b on b.zone_id = ${zoneId} and b.item_id = v.item_id and b.pack_size = v.pack_size
    where zi.zone_id = ${otherZoneId} and zi.item_id = v.item_id and zi.pack_size = v.pack_size`);
}

/**
 * Old floor for Set Price (the per-store layout), in one transaction: every store row of the zone
 * for the items, one history row per store row, and the zone summary's price.
 */
export async function floorSetPriceOld(db: Db, zoneId: number, c: PriceChange) {
  await db.transaction(async (tx) => {
    await readCurrent(tx, zoneId, c);
    await tx.execute(sql`with v as (${changes(c)}), upd as (
        update bench_old_site_items si set unit_list = v.price, version = nextval('site_item_version_seq')
        from v where si.item_id = v.item_id and si.pack_size = v.pack_size
          and si.site_id in (select site_id from zone_sites where zone_id = ${zoneId})
        returning si.*)
      insert into bench_old_history (site_id, item_id, pack_size, changed_by, source, unit_list, values_after)
      select site_id, item_id, pack_size, ${SOURCE}, ${SOURCE}, unit_list, ${historyValues()} from upd`);
    await tx.execute(sql`with v as (${changes(c)}) update zone_items zi set unit_list = v.price, is_price_uniform = true,
        margin = ${margin('v.price')}
      from v where zi.zone_id = ${zoneId} and zi.item_id = v.item_id and zi.pack_size = v.pack_size`);
  });
}

/**
 * The old per-store layout, for the old floor: a copy of the zone's site rows (read from
 * site_items, table or view) with the old keys, fill factor and indexes, and an empty per-store
 * history. Returns the number of site rows copied.
 */
export async function createOldLayout(db: Db, zoneId: number): Promise<number> {
  await dropOldLayout(db);
  await db.execute(sql`create table bench_old_site_items with (fillfactor = 80) as
    select * from site_items where site_id in (select site_id from zone_sites where zone_id = ${zoneId})`);
  // The per-store columns a write touches, in case the source (a view) no longer carries them.
  await db.execute(sql`alter table bench_old_site_items
    add column if not exists version bigint not null default 0,
    add column if not exists distributed_version bigint not null default 0,
    add column if not exists deleted boolean not null default false,
    add column if not exists updated_at timestamptz not null default now(),
    add column if not exists updated_by text`);
  await db.execute(sql`alter table bench_old_site_items add primary key (site_id, item_id, pack_size)`);
  await db.execute(
    sql`create index bench_old_site_items_item_idx on bench_old_site_items (item_id, pack_size)`,
  );
  await db.execute(sql`create table bench_old_history (
    id bigserial primary key, site_id integer not null, item_id text not null, pack_size integer not null,
    changed_by text not null, changed_at timestamptz not null default now(), source text not null,
    dept integer, sub integer, unit_list numeric(12, 2), values_after jsonb not null)`);
  await db.execute(
    sql`create index bench_old_history_item_idx on bench_old_history (item_id, pack_size, changed_at)`,
  );
  await db.execute(sql`analyze bench_old_site_items`);
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from bench_old_site_items`);
  return r.n;
}

/** Drops the scratch tables and the new floor's history rows (the API's own history stays). */
export async function dropOldLayout(db: Db) {
  await db.execute(sql`drop table if exists bench_old_site_items, bench_old_history`);
  if (await hasNewLayout(db)) await db.execute(sql`delete from item_changes where source = ${SOURCE}`);
}
