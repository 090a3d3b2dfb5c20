/**
 * The zone summary (zone_items): per zone and item, the most common value of each field over the
 * zone's sites, the site count and per-field uniform flags. Refreshed with one set-based statement
 * in the same transaction as the write that changed the site rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

export interface ItemKey {
  itemId: string;
  packSize: number;
}

export interface RefreshScope {
  /** Zones to refresh; omitted = every zone holding one of the items. */
  zoneIds?: number[];
  /** Items to refresh; omitted = every item of the zones. */
  items?: ItemKey[];
}

const intArray = (v: number[]) => pgArray(v, 'int');
const textArray = (v: string[]) => pgArray(v, 'text');

function itemFilter(items: ItemKey[] | undefined, alias: string): SQL {
  if (!items) return sql`true`;
  if (items.length === 0) return sql`false`;
  return sql`(${sql.raw(alias)}.item_id, ${sql.raw(alias)}.pack_size) in (select * from unnest(${textArray(
    items.map((i) => i.itemId),
  )}, ${intArray(items.map((i) => i.packSize))}))`;
}

function zoneFilter(zoneIds: number[] | undefined, alias: string): SQL {
  if (!zoneIds) return sql`true`;
  return sql`${sql.raw(alias)}.zone_id = any(${intArray(zoneIds)})`;
}

/** Zones that hold any of the given sites: the zones a write at those sites impacts. */
export async function zonesOfSites(ex: Executor, siteIds: number[]): Promise<number[]> {
  if (siteIds.length === 0) return [];
  const found = await rows<{ zone_id: number }>(
    ex,
    sql`select distinct zone_id from zone_sites where site_id = any(${intArray(siteIds)}) order by zone_id`,
  );
  return found.map((r) => r.zone_id);
}

/** Recompute the summary rows in scope; rows whose item no longer exists at any site of the zone go. */
export async function refreshZoneSummary(ex: Executor, scope: RefreshScope = {}): Promise<void> {
  const zf = zoneFilter(scope.zoneIds, 'zs');
  const itf = itemFilter(scope.items, 'si');
  await ex.execute(sql`
    insert into zone_items (
      zone_id, item_id, pack_size, upc_code, upc_pack_size, description, receipt_description, inv_type,
      dept, sub, unit_list, unit_cost, margin, tax_group_id, redemption_id, active, min_on_hand, max_on_hand,
      min_purchase_qty, vendor_id, send_to_pos, site_count, is_price_uniform, is_cost_uniform,
      is_dept_sub_uniform, is_desc_uniform, is_uniform, update_key, refreshed_at)
    select g.zone_id, g.item_id, g.pack_size, i.upc_code, coalesce(i.upc_pack_size, 1), g.description,
      g.receipt_description, g.inv_type, g.dept, g.sub, g.unit_list, g.unit_cost,
      case when g.unit_list = 0 and g.unit_cost = 0 then 0
           when g.unit_cost = 0 then 100
           when g.unit_list = 0 then -100
           else round((g.unit_list - g.unit_cost) / g.unit_list * 100, 3) end,
      g.tax_group_id, g.redemption_id, g.active, g.min_on_hand, g.max_on_hand, g.min_purchase_qty,
      g.vendor_id, g.send_to_pos, g.site_count, g.pu, g.cu, g.du, g.descu,
      g.pu and g.cu and g.du and g.descu and g.others_uniform, g.update_key, now()
    from (
      select zs.zone_id, si.item_id, si.pack_size,
        mode() within group (order by si.description) as description,
        mode() within group (order by si.receipt_description) as receipt_description,
        mode() within group (order by si.inv_type) as inv_type,
        mode() within group (order by si.dept * 100 + si.sub) / 100 as dept,
        mode() within group (order by si.dept * 100 + si.sub) % 100 as sub,
        mode() within group (order by si.unit_list) as unit_list,
        mode() within group (order by si.unit_cost) as unit_cost,
        mode() within group (order by si.tax_group_id) as tax_group_id,
        mode() within group (order by si.redemption_id) as redemption_id,
        mode() within group (order by si.active) as active,
        mode() within group (order by si.min_on_hand) as min_on_hand,
        mode() within group (order by si.max_on_hand) as max_on_hand,
        mode() within group (order by si.min_purchase_qty) as min_purchase_qty,
        mode() within group (order by si.vendor_id) as vendor_id,
        mode() within group (order by si.send_to_pos) as send_to_pos,
        count(*)::int as site_count,
        count(distinct si.unit_list) = 1 as pu,
        count(distinct si.unit_cost) = 1 as cu,
        count(distinct si.dept * 100 + si.sub) = 1 as du,
        count(distinct si.description) = 1 as descu,
        count(distinct (coalesce(si.receipt_description, ''), coalesce(si.tax_group_id, -1),
          coalesce(si.redemption_id, -1), si.active, si.inv_type, coalesce(si.vendor_id, ''))) = 1 as others_uniform,
        sum(si.version)::bigint as update_key
      from site_items si
      join zone_sites zs on zs.site_id = si.site_id
      where not si.deleted and ${zf} and ${itf}
      group by zs.zone_id, si.item_id, si.pack_size
    ) g
    left join items i on i.item_id = g.item_id and i.pack_size = g.pack_size
    on conflict (zone_id, item_id, pack_size) do update set
      upc_code = excluded.upc_code, upc_pack_size = excluded.upc_pack_size,
      description = excluded.description, receipt_description = excluded.receipt_description,
      inv_type = excluded.inv_type, dept = excluded.dept, sub = excluded.sub, unit_list = excluded.unit_list,
      unit_cost = excluded.unit_cost, margin = excluded.margin, tax_group_id = excluded.tax_group_id,
      redemption_id = excluded.redemption_id, active = excluded.active, min_on_hand = excluded.min_on_hand,
      max_on_hand = excluded.max_on_hand, min_purchase_qty = excluded.min_purchase_qty,
      vendor_id = excluded.vendor_id, send_to_pos = excluded.send_to_pos, site_count = excluded.site_count,
      is_price_uniform = excluded.is_price_uniform, is_cost_uniform = excluded.is_cost_uniform,
      is_dept_sub_uniform = excluded.is_dept_sub_uniform, is_desc_uniform = excluded.is_desc_uniform,
      is_uniform = excluded.is_uniform, update_key = excluded.update_key, refreshed_at = excluded.refreshed_at
  `);
  // Summary rows in scope whose item is gone from every site of the zone.
  await ex.execute(sql`
    delete from zone_items zi
    where ${zoneFilter(scope.zoneIds, 'zi')} and ${itemFilter(scope.items, 'zi')}
      and not exists (
        select 1 from site_items si join zone_sites zs on zs.site_id = si.site_id
        where zs.zone_id = zi.zone_id and si.item_id = zi.item_id and si.pack_size = zi.pack_size and not si.deleted)
  `);
}
