/**
 * Outside Updates' SQL: the roots of a zone with the zone's current values beside them, their
 * included (origin) rows, the actions kept on the roots, and the reads of the other calls.
 */
import { sql } from 'drizzle-orm';
import { itemKeyArrays, pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { ColumnsOf, OuEditField, OuField } from '../../db/fields';
import { keysIn } from '../pricebook/layers';
import type { ItemKey } from '../pricebook/summary';
import { INCLUDED_SENT, INCLUDED_WAS, INCOMING_NOW, RESTORE_INCOMING, ROOT_VALUES } from './ou-columns';

/** The values a root keeps (its incoming ones) and the zone's current ones (z_*: null for an item new to the zone). */
type RootValues = ColumnsOf<OuField> & ColumnsOf<OuField, 'z_'>;

/** A root with the zone's current values of the item. */
export interface RootRow extends RootValues {
  id: number;
  zone_id: number;
  item_id: string;
  pack_size: number;
  source: string;
  zone_name: string;
  upc_code: string | null;
  upc_pack_size: number | null;
  change_flds: number;
  is_new: boolean;
  action: string;
  /** Vendor Import: the vendor's suggested retail and the list price keeping the current margin. */
  vendor_list: string | null;
  margin_list: string | null;
  dept_name: string | null;
  sub_name: string | null;
  type_name: string | null;
  z_upc_code: string | null;
  z_upc_pack_size: number | null;
  /** The zone's UpdateKey of the item (null: new to the zone). */
  update_key: string | null;
  /** The root's UpdateKey: the larger of the zone's key and the version of its incoming values. */
  root_key: string;
  origins: number[];
  /** The incoming item groups (vendor import), by ID; null when the update brings none. */
  item_groups: string[] | null;
  /** The item's item groups now, by ID. */
  groups: string[];
  /** The incoming values before the user's first kept edit (null: not edited). */
  incoming: IncomingValues | null;
}

/** A root's incoming values as kept before the user's first edit (column outside_updates.incoming). */
export type IncomingValues = ColumnsOf<OuEditField> & {
  item_groups: string[] | null;
  change_flds: number;
};

export { INCOMING_NOW } from './ou-columns';

/** Puts back the incoming values kept before the first edit of the root, if any, and forgets them. */
export async function restoreIncoming(ex: Executor, id: number): Promise<void> {
  await ex.execute(
    sql`update outside_updates set ${RESTORE_INCOMING}, incoming = null where id = ${id} and incoming is not null`,
  );
}

/** Forgets the kept incoming values of a root whose values are the incoming ones again. */
export async function forgetIncomingIfBack(ex: Executor, id: number): Promise<void> {
  await ex.execute(
    sql`update outside_updates set incoming = null where id = ${id} and incoming = ${INCOMING_NOW}`,
  );
}

const ROOT_SELECT = sql`o.id, o.zone_id, o.item_id, o.pack_size, o.source, z.name as zone_name,
  o.upc_code, o.upc_pack_size, ${ROOT_VALUES}, o.change_flds, o.is_new, o.action,
  o.vendor_list::text as vendor_list, o.margin_list::text as margin_list,
  d.dept_name, d.sub_name, t.description as type_name,
  zi.upc_code as z_upc_code, zi.upc_pack_size as z_upc_pack_size,
  zi.update_key::text as update_key, greatest(zi.update_key, o.version)::text as root_key,
  array(select s.site_id from outside_update_sites s where s.update_id = o.id order by s.site_id) as origins,
  o.item_groups,
  array(select m.item_group_id from item_group_members m
    where m.item_id = o.item_id and m.pack_size = o.pack_size order by m.item_group_id) as groups,
  o.incoming`;

const ROOT_FROM = sql`outside_updates o
  join zones z on z.id = o.zone_id
  left join zone_items zi on zi.zone_id = o.zone_id and zi.item_id = o.item_id and zi.pack_size = o.pack_size
  left join departments d on d.zone_id = o.zone_id
    and d.dept = coalesce(o.dept, zi.dept) and d.sub = coalesce(o.sub, zi.sub)
  left join item_types t on t.type = coalesce(o.inv_type, zi.inv_type)`;

/** Roots that came from a store the other zone holds too (impactedZoneSetupID). */
const impactedBy = (zoneId: number | undefined) =>
  zoneId === undefined
    ? sql``
    : sql`and exists (select 1 from outside_update_sites s join zone_sites zs on zs.site_id = s.site_id
        where s.update_id = o.id and zs.zone_id = ${zoneId})`;

/** At most `limit` roots of the zone, by item and pack size. */
export function listRoots(
  ex: Executor,
  o: { zoneId: number; impactedZoneId?: number; limit: number },
): Promise<RootRow[]> {
  return rows<RootRow>(
    ex,
    sql`select ${ROOT_SELECT} from ${ROOT_FROM}
      where o.zone_id = ${o.zoneId} ${impactedBy(o.impactedZoneId)}
      order by o.item_id, o.pack_size limit ${o.limit}`,
  );
}

export async function countRoots(ex: Executor, o: { zoneId: number; impactedZoneId?: number }) {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from outside_updates o where o.zone_id = ${o.zoneId} ${impactedBy(o.impactedZoneId)}`,
  );
  return r.n;
}

/** The roots of these items in the zone, locked for the apply. */
export function rootsOf(ex: Executor, zoneId: number, keys: readonly ItemKey[]): Promise<RootRow[]> {
  return rows<RootRow>(
    ex,
    sql`select ${ROOT_SELECT} from ${ROOT_FROM}
      where o.zone_id = ${zoneId} and ${keysIn('o', keys)}
      order by o.item_id, o.pack_size for update of o`,
  );
}

/** What a store sent (Site Import's origin row values: StoreValues). */
export interface SentValues {
  description: string;
  receiptDescription: string | null;
  dept: number;
  sub: number;
  unitList: string;
  taxGroupId: number | null;
  active: boolean;
  invType: string;
}

export interface IncludedRow {
  update_id: number;
  item_id: string;
  pack_size: number;
  site_id: number;
  site_no: number;
  site_name: string;
  kind: string;
  values: {
    sent?: SentValues;
    was?: (Omit<SentValues, 'unitList'> & { unitList: string }) | null;
    changeFlds?: number;
  } | null;
}

/** The included rows of these roots, by item and store number. */
export function includedOf(ex: Executor, updateIds: number[]): Promise<IncludedRow[]> {
  if (updateIds.length === 0) return Promise.resolve([]);
  return rows<IncludedRow>(
    ex,
    sql`select s.update_id, o.item_id, o.pack_size, s.site_id, st.site_no, st.name as site_name, s.kind, s.values
      from outside_update_sites s join outside_updates o on o.id = s.update_id join sites st on st.id = s.site_id
      where s.update_id = any(${pgArray(updateIds, 'int')})
      order by o.item_id, o.pack_size, st.site_no`,
  );
}

/** "dept.sub" (formatDeptSub) of a stored value's dept and sub; null when either is missing. */
/**
 * The included rows of the zone's first `limit` roots (the ones listRoots gives), by item and
 * store number, each as its answer's JSON text (domain OuIncluded: what the origin store sent,
 * the field bits, what its row held; to_json of a row: compact, keys as named). Built in the
 * database: the list has up to 50,000 of them, and reading their values as rows, then presenting
 * and serializing them, was most of the server's time (bench/README.md "Outside Updates").
 */
export function listIncludedJson(
  ex: Executor,
  o: { zoneId: number; impactedZoneId?: number; limit: number },
): Promise<Array<{ update_id: number; j: string }>> {
  return rows(
    ex,
    sql`with r as (select o.id, o.item_id, o.pack_size from outside_updates o
        where o.zone_id = ${o.zoneId} ${impactedBy(o.impactedZoneId)}
        order by o.item_id, o.pack_size limit ${o.limit})
      select s.update_id, (select to_json(x) from (select s.update_id as "OUID", r.item_id as "Idcode",
          r.pack_size as "PackSize", 'Site' as "SetupTypeName", s.site_id as "SetupId", st.site_no as "SiteNo",
          st.name as "SetupDescription", s.kind as "Kind", ${INCLUDED_SENT},
          coalesce(s.values->'changeFlds', '0') as "changeFlds",
          case when jsonb_typeof(s.values->'was') = 'object' then (select to_json(w) from (select
            ${INCLUDED_WAS}) w) end as "Was") x)::text as j
      from r join outside_update_sites s on s.update_id = r.id join sites st on st.id = s.site_id
      order by r.item_id, r.pack_size, st.site_no`,
  );
}

/** Sets the action of the zone's roots of these items; returns how many roots it set. */
export async function setActions(
  ex: Executor,
  zoneId: number,
  items: Array<ItemKey & { action: string }>,
): Promise<number> {
  if (items.length === 0) return 0;
  const { ids, packs } = itemKeyArrays(items);
  const acts = pgArray(
    items.map((i) => i.action),
    'text',
  );
  const [r] = await rows<{ n: number }>(
    ex,
    sql`with v as (select * from unnest(${ids}, ${packs}, ${acts}) as v(item_id, pack_size, action)),
      upd as (update outside_updates o set action = v.action from v
        where o.zone_id = ${zoneId} and o.item_id = v.item_id and o.pack_size = v.pack_size returning 1)
      select count(*)::int as n from upd`,
  );
  return r.n;
}

/** Drops these roots (their included rows go with them). */
export async function deleteRoots(ex: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await ex.execute(sql`delete from outside_updates where id = any(${pgArray(ids, 'int')})`);
}

/** The user's Cost Compare Variance percent (preference 7); 0: none. */
export async function costVariancePercent(ex: Executor, userId: number): Promise<number> {
  const [r] = await rows<{ n: number | null }>(
    ex,
    sql`select pref_int as n from preferences where user_id = ${userId} and pref_id = 7`,
  );
  return r?.n ?? 0;
}

/** The zone's stores' rows of the items, by store number (the zone price list). */
export function zoneSiteRows(ex: Executor, zoneId: number, keys: readonly ItemKey[]) {
  return rows<{
    item_id: string;
    pack_size: number;
    site_id: number;
    site_no: number;
    site_name: string;
    unit_list: string;
    unit_cost: string;
    description: string;
    dept: number;
    sub: number;
  }>(
    ex,
    sql`select si.item_id, si.pack_size, si.site_id, s.site_no, s.name as site_name,
        si.unit_list::text as unit_list, si.unit_cost::text as unit_cost, si.description, si.dept, si.sub
      from site_items si join sites s on s.id = si.site_id
        join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${zoneId}
      where not si.deleted and ${keysIn('si', keys)}
      order by si.item_id, si.pack_size, s.site_no`,
  );
}

/** Per vendor named on the zone's rows of the item: the most common cost and the stores. */
export function costPerVendor(ex: Executor, zoneId: number, key: ItemKey) {
  return rows<{
    vendor_id: string | null;
    vendor_name: string | null;
    vendor_item: string | null;
    cost: string;
    sites: number;
  }>(
    ex,
    sql`select si.vendor_id, v.name as vendor_name, vn.vendor_item,
        mode() within group (order by si.unit_cost)::text as cost, count(*)::int as sites
      from site_items si join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${zoneId}
        left join vendors v on v.id = si.vendor_id
        left join item_vendor_numbers vn on vn.vendor_id = si.vendor_id
          and vn.item_id = si.item_id and vn.pack_size = si.pack_size
      where not si.deleted and ${keysIn('si', [key])}
      group by si.vendor_id, v.name, vn.vendor_item
      order by count(*) desc, si.vendor_id nulls last`,
  );
}

/** Makes `groups` the item groups of each item (item group maintenance; catalogue-wide). */
export async function replaceItemGroups(
  ex: Executor,
  items: Array<ItemKey & { groups: string[] }>,
): Promise<void> {
  if (items.length === 0) return;
  await ex.execute(sql`delete from item_group_members where ${keysIn('item_group_members', items)}`);
  const pairs = items.flatMap((i) => i.groups.map((g) => ({ ...i, g })));
  if (pairs.length === 0) return;
  await ex.execute(sql`insert into item_group_members (item_group_id, item_id, pack_size)
    select * from unnest(${pgArray(
      pairs.map((p) => p.g),
      'text',
    )}, ${pgArray(
      pairs.map((p) => p.itemId),
      'text',
    )}, ${pgArray(
      pairs.map((p) => p.packSize),
      'int',
    )}) on conflict do nothing`);
}

/** The item group IDs of `ids` that do not exist. */
export async function missingItemGroups(ex: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: string }>(
    ex,
    sql`select id from item_groups where id = any(${pgArray(ids, 'text')})`,
  );
  const have = new Set(found.map((r) => r.id));
  return [...new Set(ids)].filter((id) => !have.has(id));
}
