/** Test factories: each makes the parents it needs when none are given. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import * as t from '../../src/db/schema';
import { hashPassword } from '../../src/features/auth/passwords';

let counter = 0;
const next = () => ++counter;

export async function buildSite(ex: Executor, o: { siteNo?: number; name?: string } = {}) {
  const siteNo = o.siteNo ?? 500 + next();
  const [site] = await ex
    .insert(t.sites)
    .values({ siteNo, name: o.name ?? `Test site ${siteNo}` })
    .returning();
  return site;
}

export async function buildZone(
  ex: Executor,
  o: { zoneNo?: number; name?: string; siteIds?: number[] } = {},
) {
  const zoneNo = o.zoneNo ?? 700 + next();
  const [zone] = await ex
    .insert(t.zones)
    .values({ zoneNo, name: o.name ?? `Test zone ${zoneNo}` })
    .returning();
  const siteIds = o.siteIds ?? [(await buildSite(ex)).id];
  await ex
    .insert(t.zoneSites)
    .values(siteIds.map((siteId, i) => ({ zoneId: zone.id, siteId, priority: i + 1 })));
  return { ...zone, siteIds };
}

export async function buildUser(
  ex: Executor,
  o: { userName?: string; password?: string; zoneIds?: number[]; prefs?: number[] } = {},
) {
  const userName = o.userName ?? `user${next()}`;
  const [user] = await ex
    .insert(t.users)
    .values({ userName, passwordHash: await hashPassword(o.password ?? 'secret-pw') })
    .returning();
  if (o.zoneIds?.length)
    await ex.insert(t.userZones).values(o.zoneIds.map((zoneId) => ({ userId: user.id, zoneId })));
  if (o.prefs?.length) {
    await ex
      .insert(t.preferences)
      .values(o.prefs.map((prefId) => ({ userId: user.id, prefId, prefValue: true })));
  }
  return { ...user, password: o.password ?? 'secret-pw' };
}

export interface SiteItemInput {
  siteId: number;
  itemId: string;
  packSize?: number;
  description?: string;
  unitList?: string;
  unitCost?: string;
  dept?: number;
  sub?: number;
  invType?: 'I' | 'S' | 'X';
}

/** Site rows (and the item's catalogue row when missing). */
export async function buildSiteItems(ex: Executor, list: SiteItemInput[]) {
  for (const r of list) {
    await ex
      .insert(t.items)
      .values({ itemId: r.itemId, packSize: r.packSize ?? 1 })
      .onConflictDoNothing();
  }
  await ex.insert(t.siteExceptions).values(
    list.map((r) => ({
      siteId: r.siteId,
      itemId: r.itemId,
      packSize: r.packSize ?? 1,
      description: r.description ?? `Item ${r.itemId}`,
      dept: r.dept ?? 2,
      sub: r.sub ?? 1,
      invType: r.invType ?? 'I',
      unitList: r.unitList ?? '1.00',
      unitCost: r.unitCost ?? '0.5000',
    })),
  );
}

export async function countRows(ex: Executor, table: string): Promise<number> {
  const res = (await ex.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: Array<{ n: number }>;
  };
  return res.rows[0].n;
}
