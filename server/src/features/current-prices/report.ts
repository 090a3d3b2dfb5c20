/**
 * The Current Prices Report's search: the zone's items matching the criteria (Item Adjustment's
 * criteria filter, features/item-adjust/search.ts: one search path for both screens) with their
 * distinct prices across the zone's stores and how many stores have each.
 */
import { CURRENT_PRICES_CAP, type CurrentPricesRow, itemKey, msg, type SearchCriteria } from '@cpb/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { criteriaFilter } from '../item-adjust/search';
import { keysIn } from '../pricebook/layers';

interface Found {
  item_id: string;
  pack_size: number;
  description: string | null;
  update_key: string;
  prices: Array<{ Price: string; Count: number }> | null;
  total: number;
}

/** Each item's distinct prices at the zone's stores, most stores first, then by price. */
const pricesOf = (zoneId: number) => sql`(select json_agg(json_build_object('Price', p.price, 'Count', p.n)
      order by p.n desc, p.price_num)
    from (select si.unit_list::text as price, si.unit_list as price_num, count(*)::int as n
      from site_items si join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${zoneId}
      where si.item_id = f.item_id and si.pack_size = f.pack_size and not si.deleted
      group by si.unit_list) p)`;

async function find(ex: Executor, zoneId: number, where: SQL[], limit: number): Promise<Found[]> {
  return rows<Found>(
    ex,
    sql`with f as (
        select zi.item_id, zi.pack_size, zi.description, zi.update_key::text as update_key,
          count(*) over ()::int as total
        from zone_items zi where ${sql.join(where, sql` and `)}
        order by zi.item_id, zi.pack_size limit ${limit})
      select f.*, ${pricesOf(zoneId)} as prices from f order by f.item_id, f.pack_size`,
  );
}

const present = (r: Found): CurrentPricesRow => ({
  ID: r.item_id,
  PackSize: r.pack_size,
  Description: r.description,
  UpdateKey: r.update_key,
  CurrentPrices: r.prices ?? [],
});

export async function currentPricesReport(ex: Executor, zoneId: number, criteria: SearchCriteria) {
  const found = await find(
    ex,
    zoneId,
    [sql`zi.zone_id = ${zoneId}`, ...criteriaFilter(criteria)],
    CURRENT_PRICES_CAP,
  );
  const total = found[0]?.total ?? 0;
  return {
    Items: found.map(present),
    TotalCount: total,
    Capped: total > found.length,
    Message: total === 0 ? msg('NO_RECORDS_FOUND') : msg('RECORDS_FOUND', { n: total }),
  };
}

/** The items' rows (after an Apply or an Undo), in the order asked; an item the zone lacks is left out. */
export async function currentPricesRows(
  ex: Executor,
  zoneId: number,
  items: readonly { ID: string; PackSize: number }[],
): Promise<CurrentPricesRow[]> {
  const keys = items.map((i) => ({ itemId: i.ID, packSize: i.PackSize }));
  const found = await find(ex, zoneId, [sql`zi.zone_id = ${zoneId}`, keysIn('zi', keys)], items.length);
  const byKey = new Map(found.map((r) => [itemKey(r.item_id, r.pack_size), present(r)]));
  return items.flatMap((i) => byKey.get(itemKey(i.ID, i.PackSize)) ?? []);
}
