/**
 * Writes of the catalogue facts that live once per (ID, pack size): the items row (UPC, UPC pack
 * size, recipe instructions), units of measure, linked items, vendor item numbers and item group
 * membership. Each is a set-based replace over the saved items. A change to them marks the item
 * pending at every site that carries it (`touchSites`).
 */
import { itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { itemKeyArrays, pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { HISTORY_VALUES, historyValues } from '../pricebook/fields';
import { HISTORY_COLUMNS } from '../pricebook/layers';
import type { ItemKey } from '../pricebook/summary';
import { NEXT_VERSION } from '../pricebook/write';
import type { ItemModel } from './presenter';

export interface LinkTarget {
  ItemID: string;
  ItemPkSz: number;
  Unit: string | null;
  UnitQty: string | null;
  Qty: string;
}

/** The catalogue facts an item will have after the save. */
export interface CatalogueTarget {
  upcCode: string | null;
  upcPackSize: number;
  recipeInstructions: string | null;
  uoms: Map<string, string>;
  vendors: Map<string, string>;
  groups: string[];
  recipes: LinkTarget[];
}

/** The catalogue facts of a presented item. */
export const catalogueOf = (m: ItemModel): CatalogueTarget => ({
  upcCode: m.UpcCode || null,
  upcPackSize: m.UpcPackSize,
  recipeInstructions: m.RecipeInstructions || null,
  uoms: new Map(m.SizeDescs.map((u) => [u.Unit, u.Qty])),
  vendors: new Map(m.Vendors.map((v) => [v.VendorID, v.VendorItem])),
  groups: [...m.ItemGroups].sort(),
  recipes: m.Recipes.map((r) => ({
    ItemID: r.ItemID,
    ItemPkSz: r.ItemPkSz,
    Unit: r.Unit,
    UnitQty: r.UnitQty,
    Qty: r.Qty,
  })),
});

const canon = {
  map: (m: Map<string, string>) => [...m.entries()].map(([k, v]) => `${k}=${v}`).sort(),
  recipes: (r: LinkTarget[]) =>
    r.map((l) => `${itemKey(l.ItemID, l.ItemPkSz)}|${l.Unit ?? ''}|${l.UnitQty ?? ''}|${l.Qty}`).sort(),
};
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export const vendorsDiffer = (a: CatalogueTarget, b: CatalogueTarget) =>
  !same(canon.map(a.vendors), canon.map(b.vendors));
export const groupsDiffer = (a: CatalogueTarget, b: CatalogueTarget) => !same(a.groups, b.groups);

/** True when the two catalogue states differ in any fact. */
export function catalogueDiffers(a: CatalogueTarget, b: CatalogueTarget): boolean {
  return (
    a.upcCode !== b.upcCode ||
    a.upcPackSize !== b.upcPackSize ||
    a.recipeInstructions !== b.recipeInstructions ||
    !same(canon.map(a.uoms), canon.map(b.uoms)) ||
    vendorsDiffer(a, b) ||
    groupsDiffer(a, b) ||
    !same(canon.recipes(a.recipes), canon.recipes(b.recipes))
  );
}

export interface CatalogueWrite extends ItemKey {
  target: CatalogueTarget;
}

/** Upserts the items rows and replaces the UOMs, links, vendor numbers and groups of `writes`. */
export async function writeCatalogue(ex: Executor, writes: CatalogueWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const { ids, packs } = itemKeyArrays(writes);
  await ex.execute(sql`
    insert into items (item_id, pack_size, upc_code, upc_pack_size, recipe_instructions)
    select * from unnest(${ids}, ${packs}, ${pgArray(
      writes.map((w) => w.target.upcCode),
      'text',
    )}, ${pgArray(
      writes.map((w) => w.target.upcPackSize),
      'int',
    )}, ${pgArray(
      writes.map((w) => w.target.recipeInstructions),
      'text',
    )})
    on conflict (item_id, pack_size) do update set upc_code = excluded.upc_code,
      upc_pack_size = excluded.upc_pack_size, recipe_instructions = excluded.recipe_instructions`);

  const inKeys = sql`(item_id, pack_size) in (select * from unnest(${ids}, ${packs}))`;
  const flat = <T>(pick: (w: CatalogueWrite) => T[]) =>
    writes.flatMap((w) => pick(w).map((row) => ({ w, row })));

  await ex.execute(sql`delete from item_uoms where ${inKeys}`);
  const uoms = flat((w) => [...w.target.uoms.entries()]);
  if (uoms.length) {
    await ex.execute(sql`insert into item_uoms (item_id, pack_size, unit, qty)
      select * from unnest(${pgArray(
        uoms.map((u) => u.w.itemId),
        'text',
      )}, ${pgArray(
        uoms.map((u) => u.w.packSize),
        'int',
      )}, ${pgArray(
        uoms.map((u) => u.row[0]),
        'text',
      )}, ${pgArray(
        uoms.map((u) => u.row[1]),
        'numeric',
      )})`);
  }

  await ex.execute(sql`delete from item_links where ${inKeys}`);
  const links = flat((w) => w.target.recipes);
  if (links.length) {
    await ex.execute(sql`insert into item_links (item_id, pack_size, link_item_id, link_pack_size, unit, unit_qty, qty)
      select * from unnest(${pgArray(
        links.map((l) => l.w.itemId),
        'text',
      )}, ${pgArray(
        links.map((l) => l.w.packSize),
        'int',
      )}, ${pgArray(
        links.map((l) => l.row.ItemID),
        'text',
      )}, ${pgArray(
        links.map((l) => l.row.ItemPkSz),
        'int',
      )}, ${pgArray(
        links.map((l) => l.row.Unit),
        'text',
      )}, ${pgArray(
        links.map((l) => l.row.UnitQty),
        'numeric',
      )}, ${pgArray(
        links.map((l) => l.row.Qty),
        'numeric',
      )})`);
  }

  await ex.execute(sql`delete from item_vendor_numbers where ${inKeys}`);
  const vendors = flat((w) => [...w.target.vendors.entries()]);
  if (vendors.length) {
    await ex.execute(sql`insert into item_vendor_numbers (item_id, pack_size, vendor_id, vendor_item)
      select * from unnest(${pgArray(
        vendors.map((v) => v.w.itemId),
        'text',
      )}, ${pgArray(
        vendors.map((v) => v.w.packSize),
        'int',
      )}, ${pgArray(
        vendors.map((v) => v.row[0]),
        'text',
      )}, ${pgArray(
        vendors.map((v) => v.row[1]),
        'text',
      )})`);
  }

  await ex.execute(sql`delete from item_group_members where ${inKeys}`);
  const groups = flat((w) => w.target.groups);
  if (groups.length) {
    // A group named for the first time is created, its description its ID (spec: item group isNew).
    await ex.execute(sql`insert into item_groups (id, description)
      select g, g from unnest(${pgArray(
        [...new Set(groups.map((g) => g.row))],
        'text',
      )}) as v(g) on conflict (id) do nothing`);
    await ex.execute(sql`insert into item_group_members (item_group_id, item_id, pack_size)
      select * from unnest(${pgArray(
        groups.map((g) => g.row),
        'text',
      )}, ${pgArray(
        groups.map((g) => g.w.itemId),
        'text',
      )}, ${pgArray(
        groups.map((g) => g.w.packSize),
        'int',
      )})`);
  }
}

export interface UomAddition extends ItemKey {
  unit: string;
  qty: string;
}

/** Adds units of measure an item lacks (a missing UOM); returns the items that gained one. */
export async function addUoms(ex: Executor, adds: UomAddition[]): Promise<ItemKey[]> {
  if (adds.length === 0) return [];
  const added = await rows<{ item_id: string; pack_size: number }>(
    ex,
    sql`insert into item_uoms (item_id, pack_size, unit, qty)
      select * from unnest(${pgArray(
        adds.map((a) => a.itemId),
        'text',
      )}, ${pgArray(
        adds.map((a) => a.packSize),
        'int',
      )}, ${pgArray(
        adds.map((a) => a.unit),
        'text',
      )}, ${pgArray(
        adds.map((a) => a.qty),
        'numeric',
      )})
      on conflict (item_id, pack_size, unit) do nothing
      returning item_id, pack_size`,
  );
  const unique = new Map(added.map((a) => [`${a.item_id}@${a.pack_size}`, a]));
  return [...unique.values()].map((a) => ({ itemId: a.item_id, packSize: a.pack_size }));
}

/**
 * Marks the items pending at every site carrying them (a new version, history with the values as
 * they are), except at the sites of `exceptZoneId` (already written by the caller). Returns the
 * sites touched.
 */
export async function touchSites(
  ex: Executor,
  o: { user: string; source: string; keys: ItemKey[]; exceptZoneId: number | null },
): Promise<number[]> {
  if (o.keys.length === 0) return [];
  const { ids, packs } = itemKeyArrays(o.keys);
  const except =
    o.exceptZoneId === null
      ? sql``
      : sql`and si.site_id not in (select site_id from zone_sites where zone_id = ${o.exceptZoneId})`;
  // Sites that read a base row keep reading it: the base row takes the new version, and one
  // history row names them; sites with their own rows get a new version one by one.
  const exceptSites =
    o.exceptZoneId === null
      ? sql`'{}'::int[]`
      : sql`array(select site_id from zone_sites where zone_id = ${o.exceptZoneId})`;
  const touched = await rows<{ site_id: number }>(
    ex,
    sql`with upd as (
        update site_exceptions si set version = ${NEXT_VERSION}, updated_at = now(), updated_by = ${o.user}
        where (si.item_id, si.pack_size) in (select * from unnest(${ids}, ${packs})) and not si.deleted ${except}
        returning si.*),
      hist as (
        insert into item_changes (site_id, ${HISTORY_COLUMNS})
        select site_id, item_id, pack_size, ${o.user}, ${o.source}, dept, sub, unit_list, ${HISTORY_VALUES} from upd),
      base as (
        update base_items b set version = ${NEXT_VERSION}, updated_at = now(), updated_by = ${o.user}
        where (b.item_id, b.pack_size) in (select * from unnest(${ids}, ${packs}))
          and b.zone_id is distinct from ${o.exceptZoneId}
        returning b.*),
      covered as (
        select base.*, array(select s.id from sites s where s.base_zone_id = base.zone_id
          and s.id <> all(${exceptSites})
          and not exists (select 1 from site_exceptions x
            where x.site_id = s.id and x.item_id = base.item_id and x.pack_size = base.pack_size)) as site_ids
        from base),
      base_hist as (
        insert into item_changes (site_ids, ${HISTORY_COLUMNS})
        select site_ids, item_id, pack_size, ${o.user}, ${o.source}, dept, sub, unit_list, ${historyValues('false')}
        from covered where cardinality(site_ids) > 0)
      select site_id from upd union select unnest(site_ids) from covered`,
  );
  return touched.map((t) => t.site_id);
}
