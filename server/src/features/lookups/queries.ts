/** Read-only lookups of both spec parts, shaped with the spec's field names and orderings. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  departments,
  itemGroups,
  itemTypes,
  redemptions,
  redemptionZones,
  settings,
  taxGroups,
  uoms,
  userZones,
  vendors,
  zones,
} from '../../db/schema';

const pad2 = (n: number) => String(n).padStart(2, '0');
export const displayDeptSub = (dept: number, sub: number) => `${dept}.${pad2(sub)}`;

/** Departments of a zone, 'None' first (DeptSubNum 0); DeptSubNum is dept * 100 + sub. */
export async function listDepartments(ex: Executor, zoneId: number, itemTypeName: string) {
  const found = await ex
    .select()
    .from(departments)
    .where(
      itemTypeName === 'ALL'
        ? eq(departments.zoneId, zoneId)
        : sql`${departments.zoneId} = ${zoneId} and ${departments.itemTypeName} = ${itemTypeName}`,
    )
    .orderBy(asc(departments.dept), asc(departments.sub));
  const none = {
    Dept: 0,
    DeptName: 'None',
    SubDept: 0,
    SubDeptName: 'None',
    DeptSubName: 'None',
    DeptSubNum: 0,
    DisplayDeptSub: 'None',
    ItemTypeName: 'ALL',
  };
  return [
    none,
    ...found.map((d) => ({
      Dept: d.dept,
      DeptName: d.deptName,
      SubDept: d.sub,
      SubDeptName: d.subName,
      DeptSubName: `${displayDeptSub(d.dept, d.sub)} ${d.deptName}${d.sub ? ` / ${d.subName}` : ''}`,
      DeptSubNum: d.dept * 100 + d.sub,
      DisplayDeptSub: displayDeptSub(d.dept, d.sub),
      ItemTypeName: d.itemTypeName,
    })),
  ];
}

export async function listTaxGroups(ex: Executor, zoneId: number) {
  const found = await ex
    .select()
    .from(taxGroups)
    .where(eq(taxGroups.zoneId, zoneId))
    .orderBy(asc(taxGroups.priority), asc(taxGroups.id));
  return found.map((t) => ({
    ID: t.id,
    Description: t.description,
    DisplayName: `${t.id} - ${t.description}`,
    Text: `${t.id} - ${t.description}`,
    Priority: t.priority,
  }));
}

const redemptionRow = (r: { id: number; text: string; amount: string }) => ({
  ID: r.id,
  Text: r.text,
  DisplayValue: `${r.id} - ${r.text}`,
  Amount: r.amount,
});

/** Every redemption, ordered by ID then text. */
export async function listRedemptions(ex: Executor) {
  const found = await ex.select().from(redemptions).orderBy(asc(redemptions.id), asc(redemptions.text));
  return found.map(redemptionRow);
}

/** Redemptions offered in a zone, ordered by ID then text. */
export async function listRedemptionsPerZone(ex: Executor, zoneId: number) {
  const found = await ex
    .select({ id: redemptions.id, text: redemptions.text, amount: redemptions.amount })
    .from(redemptions)
    .innerJoin(redemptionZones, eq(redemptionZones.redemptionId, redemptions.id))
    .where(eq(redemptionZones.zoneId, zoneId))
    .orderBy(asc(redemptions.id), asc(redemptions.text));
  return found.map(redemptionRow);
}

export async function listItemGroups(ex: Executor) {
  const found = await ex.select().from(itemGroups).orderBy(asc(itemGroups.id));
  return found.map((g) => ({
    ID: g.id,
    Description: g.description,
    DisplayName: `${g.id} - ${g.description}`,
    DisplayValue: `${g.id} - ${g.description}`,
    Active: g.active,
  }));
}

/** Item types ordered by type then description. */
export async function listItemTypes(ex: Executor) {
  const found = await ex.select().from(itemTypes).orderBy(asc(itemTypes.type), asc(itemTypes.description));
  return found.map((t) => ({ Type: t.type, Description: t.description }));
}

export async function listUoms(ex: Executor) {
  const found = await ex.select().from(uoms).orderBy(asc(uoms.unit));
  return found.map((u) => ({ Unit: u.unit, Description: u.description }));
}

/** Vendors ordered by VendorID then text. */
export async function listVendors(ex: Executor) {
  const found = await ex.select().from(vendors).orderBy(asc(vendors.id), asc(vendors.name));
  return found.map((v) => ({ VendorID: v.id, VendorName: v.name, Text: `${v.id} - ${v.name}` }));
}

/** The zones a user may use, ordered by zone number. */
export async function listUserZones(ex: Executor, userId: number) {
  const found = await ex
    .select({ id: zones.id, zoneNo: zones.zoneNo, name: zones.name })
    .from(zones)
    .innerJoin(userZones, eq(userZones.zoneId, zones.id))
    .where(eq(userZones.userId, userId))
    .orderBy(asc(zones.zoneNo));
  return found.map((z) => ({ ZoneSetupID: z.id, ZoneNo: z.zoneNo, ZoneName: z.name }));
}

export async function getSetting<T>(ex: Executor, key: string, fallback: T): Promise<T> {
  const [row] = await ex.select().from(settings).where(eq(settings.key, key));
  return row ? (row.value as T) : fallback;
}
