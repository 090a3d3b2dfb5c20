/**
 * The hand-made SQL floor: the shortest statements that do the same work as the API call, run on
 * the same database, so the API's overhead can be read as a ratio.
 */
import { sql } from 'drizzle-orm';
import { pgArray } from '../../server/src/db/arrays';
import type { Db } from '../../server/src/db/client';

export async function floorSearch(db: Db, zoneId: number, where: ReturnType<typeof sql>) {
  await db.execute(sql`select zi.*, count(*) over () as total from zone_items zi
    where zi.zone_id = ${zoneId} and ${where} order by zi.item_id, zi.pack_size limit 100`);
}

/** New prices at every site of the zone, history rows, and the zone summary's price. */
export async function floorSetPrice(db: Db, zoneId: number, ids: string[], prices: string[]) {
  await db.transaction(async (tx) => {
    const v = sql`select * from unnest(${pgArray(ids, 'text')}, ${pgArray(prices, 'numeric')}) as v(item_id, price)`;
    await tx.execute(sql`with v as (${v}), upd as (
        update site_items si set unit_list = v.price, version = nextval('site_item_version_seq')
        from v where si.item_id = v.item_id and si.pack_size = 1
          and si.site_id in (select site_id from zone_sites where zone_id = ${zoneId})
        returning si.site_id, si.item_id, si.pack_size, si.unit_list)
      insert into item_history (site_id, item_id, pack_size, changed_by, source, unit_list, values_after)
      select site_id, item_id, pack_size, 'floor', 'floor', unit_list, '{}'::jsonb from upd`);
    await tx.execute(sql`with v as (${v}) update zone_items zi set unit_list = v.price, is_price_uniform = true
      from v where zi.zone_id = ${zoneId} and zi.item_id = v.item_id and zi.pack_size = 1`);
  });
}
