/**
 * Reads of Add Item and Add/Edit Item: the site row that supplies an item's values (zone sites in
 * priority order, then sites outside the zone), its catalogue facts (UPC, UOMs, linked items,
 * vendor item numbers, item groups), its history, the ingredients of a zone and its vendors.
 */
import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { siteItems } from '../../db/schema';
import type { SnakeRow } from '../../db/select';
import { FIELDS, type FieldName, selectValues } from '../pricebook/fields';
import type { ItemKey } from '../pricebook/summary';

/** A site row with the site that holds it; money as numeric text. */
export type SiteRow = SnakeRow<
  Pick<typeof siteItems.$inferSelect, 'siteId' | 'itemId' | 'packSize' | FieldName>
> & {
  site_no: number;
  site_name: string;
};

const SITE_COLS = sql.raw(
  `si.site_id, s.site_no, s.name as site_name, si.item_id, si.pack_size, ${selectValues('si')}`,
);

export interface Source {
  row: SiteRow;
  /** True when the row is at a site of the zone. */
  inZone: boolean;
  /** Sites of the zone carrying the item (0 outside the zone). */
  siteCount: number;
  /** The zone's UpdateKey of the item (zone_items; null outside the zone). */
  updateKey: string | null;
}

/**
 * The site row that supplies the item's values (RULES.md "Add Item lookup"): the zone's sites in
 * priority order, the first that carries the item; when no site of the zone carries it, the site
 * outside the zone with the lowest site number. Null when no site carries it.
 */
export async function findSource(ex: Executor, zoneId: number, key: ItemKey): Promise<Source | null> {
  const [zoned] = await rows<SiteRow & { site_count: number; update_key: string }>(
    ex,
    sql`select ${SITE_COLS}, count(*) over ()::int as site_count, (select zi.update_key::text from zone_items zi
        where zi.zone_id = zs.zone_id and zi.item_id = si.item_id and zi.pack_size = si.pack_size) as update_key
      from zone_sites zs
      join site_items si on si.site_id = zs.site_id
      join sites s on s.id = si.site_id
      where zs.zone_id = ${zoneId} and si.item_id = ${key.itemId} and si.pack_size = ${key.packSize}
        and not si.deleted
      order by zs.priority, s.site_no
      limit 1`,
  );
  if (zoned) {
    const { site_count, update_key, ...row } = zoned;
    return { row, inZone: true, siteCount: site_count, updateKey: update_key };
  }
  const [outside] = await rows<SiteRow>(
    ex,
    sql`select ${SITE_COLS} from site_items si join sites s on s.id = si.site_id
      where si.item_id = ${key.itemId} and si.pack_size = ${key.packSize} and not si.deleted
      order by s.site_no limit 1`,
  );
  return outside ? { row: outside, inZone: false, siteCount: 0, updateKey: null } : null;
}

export interface CatalogueRow {
  upc_code: string | null;
  upc_pack_size: number;
  recipe_instructions: string | null;
}

export interface UomRow {
  unit: string;
  qty: string;
  description: string;
  recipe_count: number;
}

export interface VendorNumberRow {
  vendor_id: string;
  vendor_item: string;
  vendor_name: string;
}

export interface RecipeRow {
  link_item_id: string;
  link_pack_size: number;
  description: string | null;
  unit: string | null;
  unit_qty: string | null;
  qty: string;
  cost: string | null;
  ingredient_cost: string | null;
}

export interface Catalogue {
  item: CatalogueRow | null;
  uoms: UomRow[];
  vendors: VendorNumberRow[];
  groups: string[];
  recipes: RecipeRow[];
}

/** The catalogue facts of one item; recipe descriptions and costs as the zone sees them. */
export async function loadCatalogue(ex: Executor, zoneId: number, key: ItemKey): Promise<Catalogue> {
  const { itemId, packSize } = key;
  const [item] = await rows<CatalogueRow>(
    ex,
    sql`select upc_code, upc_pack_size, recipe_instructions from items
      where item_id = ${itemId} and pack_size = ${packSize}`,
  );
  const uoms = await rows<UomRow>(
    ex,
    sql`select u.unit, trim_scale(u.qty)::text as qty, m.description,
        (select count(*) from item_links l where l.link_item_id = u.item_id and l.link_pack_size = u.pack_size
          and l.unit = u.unit)::int as recipe_count
      from item_uoms u join uoms m on m.unit = u.unit
      where u.item_id = ${itemId} and u.pack_size = ${packSize}
      order by u.qty, u.unit`,
  );
  const vendors = await rows<VendorNumberRow>(
    ex,
    sql`select n.vendor_id, n.vendor_item, v.name as vendor_name
      from item_vendor_numbers n join vendors v on v.id = n.vendor_id
      where n.item_id = ${itemId} and n.pack_size = ${packSize} order by n.vendor_id`,
  );
  const groups = await rows<{ item_group_id: string }>(
    ex,
    sql`select item_group_id from item_group_members where item_id = ${itemId} and pack_size = ${packSize}
      order by item_group_id`,
  );
  return {
    item: item ?? null,
    uoms,
    vendors,
    groups: groups.map((g) => g.item_group_id),
    recipes: await loadRecipes(ex, zoneId, key),
  };
}

/**
 * The linked items of an item. Desc and Cost are the linked item's in the zone (its zone summary),
 * else at the lowest-numbered site carrying it; IngredientCost = Cost x UnitQty (1 when blank) x Qty,
 * at 4 decimals.
 */
export async function loadRecipes(ex: Executor, zoneId: number, key: ItemKey): Promise<RecipeRow[]> {
  return rows<RecipeRow>(
    ex,
    sql`select l.link_item_id, l.link_pack_size, coalesce(zi.description, o.description) as description,
        l.unit, trim_scale(l.unit_qty)::text as unit_qty, trim_scale(l.qty)::text as qty,
        coalesce(zi.unit_cost, o.unit_cost)::text as cost,
        round(coalesce(zi.unit_cost, o.unit_cost) * coalesce(l.unit_qty, 1) * l.qty, 4)::text as ingredient_cost
      from item_links l
      left join zone_items zi on zi.zone_id = ${zoneId} and zi.item_id = l.link_item_id
        and zi.pack_size = l.link_pack_size
      left join lateral (
        select si.description, si.unit_cost from site_items si join sites s on s.id = si.site_id
        where si.item_id = l.link_item_id and si.pack_size = l.link_pack_size and not si.deleted
        order by s.site_no limit 1) o on true
      where l.item_id = ${key.itemId} and l.pack_size = ${key.packSize}
      order by l.link_item_id, l.link_pack_size`,
  );
}

/** Per zone and item, the uniform flags of the zone summary. */
export async function loadUniform(ex: Executor, zoneId: number, key: ItemKey) {
  const [u] = await rows<{
    is_price_uniform: boolean;
    is_cost_uniform: boolean;
    is_dept_sub_uniform: boolean;
    is_desc_uniform: boolean;
    is_uniform: boolean;
  }>(
    ex,
    sql`select is_price_uniform, is_cost_uniform, is_dept_sub_uniform, is_desc_uniform, is_uniform
      from zone_items where zone_id = ${zoneId} and item_id = ${key.itemId} and pack_size = ${key.packSize}`,
  );
  return u ?? null;
}

export async function hasHistory(ex: Executor, key: ItemKey): Promise<boolean> {
  const found = await rows(
    ex,
    sql`select 1 from item_history where item_id = ${key.itemId} and pack_size = ${key.packSize} limit 1`,
  );
  return found.length > 0;
}

export async function loadZone(ex: Executor, zoneId: number) {
  const [z] = await rows<{ zone_no: number; name: string; sites: number }>(
    ex,
    sql`select z.zone_no, z.name, (select count(*) from zone_sites zs where zs.zone_id = z.id)::int as sites
      from zones z where z.id = ${zoneId}`,
  );
  return z ?? null;
}

export const HISTORY_LIMIT = 5000;

export interface HistoryRow {
  site_no: number;
  site_name: string;
  changed_by: string;
  changed_at: Date | string;
  dept: number | null;
  sub: number | null;
  unit_list: string | null;
  unit_cost: string | null;
  source: string;
  in_zone: boolean;
}

/** Every history row of the item, at any site, newest first (capped at HISTORY_LIMIT). */
export async function loadHistory(ex: Executor, zoneId: number, key: ItemKey): Promise<HistoryRow[]> {
  return rows<HistoryRow>(
    ex,
    sql`select s.site_no, s.name as site_name, h.changed_by, h.changed_at, h.dept, h.sub,
        h.unit_list::text as unit_list, h.values_after->>${FIELDS.unitCost.history.key} as unit_cost, h.source,
        exists (select 1 from zone_sites zs where zs.zone_id = ${zoneId} and zs.site_id = h.site_id) as in_zone
      from item_history h join sites s on s.id = h.site_id
      where h.item_id = ${key.itemId} and h.pack_size = ${key.packSize}
      order by h.changed_at desc, h.id desc
      limit ${HISTORY_LIMIT}`,
  );
}

export const INGREDIENT_LIMIT_DEFAULT = 500;
export const INGREDIENT_LIMIT_MAX = 2000;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Items of the zone usable as linked items: active, not expense (X), by description then ID and
 * pack size, at most `limit`; `search` keeps IDs starting with it or descriptions containing it.
 */
export async function listIngredients(
  ex: Executor,
  zoneId: number,
  o: { search?: string | null; limit: number },
) {
  const where: SQL[] = [sql`zi.zone_id = ${zoneId}`, sql`zi.active`, sql`zi.inv_type <> 'X'`];
  const s = o.search?.trim();
  if (s) {
    where.push(sql`(zi.item_id like ${`${likeEscape(s.toUpperCase())}%`}
      or zi.description ilike ${`%${likeEscape(s)}%`})`);
  }
  const found = await rows<{ item_id: string; pack_size: number; description: string; unit_cost: string }>(
    ex,
    sql`select zi.item_id, zi.pack_size, zi.description, zi.unit_cost::text as unit_cost from zone_items zi
      where ${sql.join(where, sql` and `)}
      order by zi.description, zi.item_id, zi.pack_size limit ${o.limit}`,
  );
  const units = found.length
    ? await rows<{ item_id: string; pack_size: number; unit: string; qty: string }>(
        ex,
        sql`select item_id, pack_size, unit, trim_scale(qty)::text as qty from item_uoms
          where (item_id, pack_size) in (select * from unnest(${pgArray(
            found.map((f) => f.item_id),
            'text',
          )}, ${pgArray(
            found.map((f) => f.pack_size),
            'int',
          )}))
          order by item_uoms.qty, item_uoms.unit`,
      )
    : [];
  return found.map((f) => ({
    ItemID: f.item_id,
    ItemPkSz: f.pack_size,
    Desc: f.description,
    Cost: f.unit_cost,
    Units: units
      .filter((u) => u.item_id === f.item_id && u.pack_size === f.pack_size)
      .map((u) => ({ Unit: u.unit, Qty: u.qty })),
  }));
}

/** Vendor item numbers of an item, by VendorID; Text is 'VendorID - name' as the vendor lookup writes it. */
export async function listItemVendors(ex: Executor, key: ItemKey) {
  const found = await rows<VendorNumberRow>(
    ex,
    sql`select n.vendor_id, n.vendor_item, v.name as vendor_name
      from item_vendor_numbers n join vendors v on v.id = n.vendor_id
      where n.item_id = ${key.itemId} and n.pack_size = ${key.packSize} order by n.vendor_id`,
  );
  return found.map(presentVendor);
}

export const presentVendor = (v: VendorNumberRow) => ({
  VendorID: v.vendor_id,
  VendorItem: v.vendor_item,
  Text: `${v.vendor_id} - ${v.vendor_name}`,
});

/** Which of the keys exist in the catalogue (items). */
export async function existingItems(ex: Executor, keys: ItemKey[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await rows<{ item_id: string; pack_size: number }>(
    ex,
    sql`select item_id, pack_size from items where (item_id, pack_size) in (select * from unnest(${pgArray(
      keys.map((k) => k.itemId),
      'text',
    )}, ${pgArray(
      keys.map((k) => k.packSize),
      'int',
    )}))`,
  );
  return new Set(found.map((f) => `${f.item_id}@${f.pack_size}`));
}

/** Links of the items whose unit the linked item does not have among its UOMs. */
export async function findMissingUoms(ex: Executor, keys: ItemKey[]) {
  if (keys.length === 0) return [];
  const ids = pgArray(
    keys.map((k) => k.itemId),
    'text',
  );
  const packs = pgArray(
    keys.map((k) => k.packSize),
    'int',
  );
  return rows<{
    item_id: string;
    pack_size: number;
    link_item_id: string;
    link_pack_size: number;
    unit: string;
  }>(
    ex,
    sql`select l.item_id, l.pack_size, l.link_item_id, l.link_pack_size, l.unit from item_links l
      where (l.item_id, l.pack_size) in (select * from unnest(${ids}, ${packs})) and l.unit is not null
        and not exists (select 1 from item_uoms u where u.item_id = l.link_item_id
          and u.pack_size = l.link_pack_size and u.unit = l.unit)
      order by l.item_id, l.pack_size, l.link_item_id, l.link_pack_size, l.unit`,
  );
}
