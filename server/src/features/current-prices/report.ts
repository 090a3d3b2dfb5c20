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

/**
 * Each found item's distinct prices at the zone's stores, most stores first, then by price, counted
 * from the layers, not the one-row-per-store `site_items` view (the zone summary's way,
 * pricebook/summary.ts): a store's own row counts once (a removed one not at all); the base row of
 * each base zone of the zone's stores counts once per such store, less one per store of the zone
 * with an own row of the item (removed or not: the view then hides the base row for it). Subtracting
 * at the base price keeps every join a hash or key lookup; a price left with no store drops out.
 */
const pricesCtes = (zoneId: number) => sql`zs as materialized (
      select zs.site_id, s.base_zone_id from zone_sites zs join sites s on s.id = zs.site_id
      where zs.zone_id = ${zoneId}),
    own as materialized (
      select e.item_id, e.pack_size, e.unit_list, e.deleted, zs.base_zone_id
      from site_exceptions e join zs on zs.site_id = e.site_id
      join f on f.item_id = e.item_id and f.pack_size = e.pack_size),
    r as (
      select item_id, pack_size, unit_list, 1 as w from own where not deleted
      union all
      select b.item_id, b.pack_size, b.unit_list, zb.n
      from (select base_zone_id, count(*)::int as n from zs where base_zone_id is not null
        group by base_zone_id) zb
      join base_items b on b.zone_id = zb.base_zone_id
      join f on f.item_id = b.item_id and f.pack_size = b.pack_size
      union all
      select b.item_id, b.pack_size, b.unit_list, -1 from own o
      join base_items b on b.zone_id = o.base_zone_id and b.item_id = o.item_id and b.pack_size = o.pack_size),
    p as (
      select item_id, pack_size, unit_list, sum(w)::int as n from r
      group by item_id, pack_size, unit_list having sum(w) > 0),
    j as (
      select item_id, pack_size,
        json_agg(json_build_object('Price', unit_list::text, 'Count', n) order by n desc, unit_list) as prices
      from p group by item_id, pack_size)`;

async function find(ex: Executor, zoneId: number, where: SQL[], limit: number): Promise<Found[]> {
  return rows<Found>(
    ex,
    sql`with f as materialized (
        select zi.item_id, zi.pack_size, zi.description, zi.update_key::text as update_key,
          count(*) over ()::int as total
        from zone_items zi where ${sql.join(where, sql` and `)}
        order by zi.item_id, zi.pack_size limit ${limit}),
      ${pricesCtes(zoneId)}
      select f.*, j.prices from f left join j on j.item_id = f.item_id and j.pack_size = f.pack_size
      order by f.item_id, f.pack_size`,
  );
}

const present = (r: Found): CurrentPricesRow => ({
  ID: r.item_id,
  PackSize: r.pack_size,
  Description: r.description,
  UpdateKey: r.update_key,
  CurrentPrices: r.prices ?? [],
});

/**
 * The report's answer as JSON text, built by the database (`RootResults`: Items, TotalCount, Capped,
 * Message): 10,000 rows are not parsed, presented and serialized again in the server. Each row is
 * `to_json` of a record named as CurrentPricesRow's fields, in its order; its prices, as
 * CurrentPrice's. The API tests parse the answers with the strict schema.
 */
export async function currentPricesReportJson(
  ex: Executor,
  zoneId: number,
  criteria: SearchCriteria,
): Promise<string> {
  const where = [sql`zi.zone_id = ${zoneId}`, ...criteriaFilter(criteria)];
  const [r] = await rows<{ items: string | null; n: number; total: number | null }>(
    ex,
    sql`with f as materialized (
        select zi.item_id, zi.pack_size, zi.description, zi.update_key::text as update_key,
          count(*) over ()::int as total
        from zone_items zi where ${sql.join(where, sql` and `)}
        order by zi.item_id, zi.pack_size limit ${CURRENT_PRICES_CAP}),
      ${pricesCtes(zoneId)},
      t as (
        select p.item_id, p.pack_size,
          '[' || string_agg(to_json(x)::text, ',' order by p.n desc, p.unit_list) || ']' as prices
        from p cross join lateral (select p.unit_list::text as "Price", p.n as "Count") x
        group by p.item_id, p.pack_size)
      select string_agg(to_json(x)::text, ',' order by f.item_id, f.pack_size) as items,
        count(*)::int as n, max(f.total) as total
      from f left join t on t.item_id = f.item_id and t.pack_size = f.pack_size
      cross join lateral (select f.item_id as "ID", f.pack_size as "PackSize", f.description as "Description",
        f.update_key as "UpdateKey", coalesce(t.prices, '[]')::json as "CurrentPrices") x`,
  );
  const total = r?.total ?? 0;
  const message = total === 0 ? msg('NO_RECORDS_FOUND') : msg('RECORDS_FOUND', { n: total });
  return `{"RootResults":{"Items":[${r?.items ?? ''}],"TotalCount":${total},"Capped":${total > (r?.n ?? 0)},"Message":${JSON.stringify(message)}}}`;
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
