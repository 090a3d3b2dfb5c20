/**
 * Loads the demo price book: 12 sites in 3 zones (site 5 in two), ~3,000 items, divergent sites,
 * items only outside a zone, UOMs, linked items, groups, history, pricing events, negotiated costs
 * and invoices. Deterministic except for dates, which are set relative to the day it runs.
 */
import { fromMinor, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import * as t from '../db/schema';
import { vacuumWhereDue } from '../db/vacuum';
import { hashPassword } from '../features/auth/passwords';
import { settleBaseRows } from '../features/pricebook/layers';
import { refreshZoneSummary } from '../features/pricebook/summary';
import { chunks } from './chunks';
import { loadDemoActivity } from './demo-activity';
import {
  DEMO_DEPTS,
  DEMO_SITES,
  DEMO_TAX_GROUPS,
  DEMO_UOMS,
  DEMO_VENDORS,
  DEMO_ZONES,
} from './demo-catalogue';
import { type DemoItem, generateDemoItems } from './demo-items';

export interface DemoResult {
  sites: number;
  zones: number;
  items: number;
  siteRows: number;
}

/** Wholesaler of each zone: Core-Mark serves zones 1 and 3, McLane zone 2. */
const wholesalerOf = (zoneNo: number) => (zoneNo === 2 ? 'MCLANE' : 'COREMARK');

async function loadReference(tx: Tx) {
  await tx.insert(t.sites).values(DEMO_SITES.map(([siteNo, name]) => ({ id: siteNo, siteNo, name })));
  await tx.insert(t.zones).values(DEMO_ZONES.map((z) => ({ id: z.no, zoneNo: z.no, name: z.name })));
  await tx
    .insert(t.zoneSites)
    .values(
      DEMO_ZONES.flatMap((z) => z.sites.map((siteId, i) => ({ zoneId: z.no, siteId, priority: i + 1 }))),
    );
  await tx.execute(sql`select setval('sites_id_seq', 100), setval('zones_id_seq', 100)`);
  await tx.insert(t.itemTypes).values([
    { type: 'I', description: 'Inventory' },
    { type: 'S', description: 'Sale Only' },
    { type: 'X', description: 'Expense' },
  ]);
  await tx.insert(t.vendors).values(DEMO_VENDORS.map(([id, name, sourceType]) => ({ id, name, sourceType })));
  await tx.insert(t.uoms).values(DEMO_UOMS.map(([unit, description]) => ({ unit, description })));
  await tx.insert(t.redemptions).values([
    { id: 1, text: 'CRV 5 cents (under 24 oz)', amount: '0.05' },
    { id: 2, text: 'CRV 10 cents (24 oz and over)', amount: '0.10' },
  ]);
  for (const z of DEMO_ZONES) {
    await tx.insert(t.departments).values(
      DEMO_DEPTS.flatMap((d) => [
        ...(d.subs.some((s) => s.sub === 0)
          ? []
          : [
              {
                zoneId: z.no,
                dept: d.dept,
                sub: 0,
                deptName: d.name,
                subName: d.name,
                itemTypeName: d.type,
              },
            ]),
        ...d.subs.map((s) => ({
          zoneId: z.no,
          dept: d.dept,
          sub: s.sub,
          deptName: d.name,
          subName: s.name,
          itemTypeName: d.type,
        })),
      ]),
    );
    await tx
      .insert(t.taxGroups)
      .values(
        DEMO_TAX_GROUPS.map(([id, description], i) => ({ zoneId: z.no, id, description, priority: i + 1 })),
      );
    const levels = DEMO_TAX_GROUPS.flatMap(([gid, , lv]) =>
      lv.map(([levelId, rate, description]) => ({
        zoneId: z.no,
        taxGroupId: gid,
        levelId,
        rate,
        description,
      })),
    );
    if (levels.length) await tx.insert(t.taxLevels).values(levels);
    await tx.insert(t.redemptionZones).values([1, 2].map((redemptionId) => ({ zoneId: z.no, redemptionId })));
  }
  await tx.insert(t.itemGroups).values([
    { id: 'CIG-CARTONS', description: 'Cigarette cartons' },
    { id: 'SODA-20OZ', description: '20 oz soft drinks' },
    { id: 'CANDY-KING', description: 'King size candy' },
    { id: 'ENERGY-2FOR', description: 'Energy drinks 2 for deal' },
    { id: 'SEASONAL', description: 'Seasonal items', active: false },
  ]);
}

function siteRow(item: DemoItem, siteId: number, zoneNo: number) {
  return {
    siteId,
    itemId: item.itemId,
    packSize: item.packSize,
    description: item.description,
    receiptDescription: item.receiptDescription,
    invType: item.invType,
    dept: item.dept,
    sub: item.sub,
    unitList: item.unitList,
    unitCost: item.unitCost,
    taxGroupId: item.taxGroupId,
    redemptionId: item.redemptionId,
    vendorId: item.vendor === 'WHOLESALE' ? wholesalerOf(zoneNo) : item.vendor,
    minOnHand: item.minOnHand,
    maxOnHand: item.maxOnHand,
    minPurchaseQty: item.minPurchaseQty,
    updatedBy: 'seed',
  };
}

async function loadItems(tx: Tx, all: DemoItem[]) {
  // The last 25 generated items are carried only by the Sierra Foothills sites (outside zones 1 and 2).
  const onlyZone3 = new Set(all.slice(-45, -20).map((i) => `${i.itemId}@${i.packSize}`));
  await tx
    .insert(t.items)
    .values(all.map((i) => ({ itemId: i.itemId, packSize: i.packSize, upcCode: i.upcCode, upcPackSize: 1 })));
  const rowsOut: ReturnType<typeof siteRow>[] = [];
  const zoneOfSite = new Map<number, number>();
  for (const z of DEMO_ZONES) for (const s of z.sites) if (!zoneOfSite.has(s)) zoneOfSite.set(s, z.no);
  all.forEach((item, n) => {
    for (const [siteId] of DEMO_SITES) {
      const zoneNo = zoneOfSite.get(siteId)!;
      if (onlyZone3.has(`${item.itemId}@${item.packSize}`) && zoneNo !== 3) continue;
      const row = siteRow(item, siteId, zoneNo);
      // Divergent sites: Clovis prices snacks 10 cents higher, San Jose has local descriptions,
      // Hayward files some energy drinks under soft drinks.
      if (siteId === 3 && item.dept === 4 && item.sub === 1 && n % 7 === 0) {
        row.unitList = fromMinor(toMinor(item.unitList, 2) + 10n, 2);
      }
      if (siteId === 7 && item.dept === 2 && item.sub === 1 && n % 19 === 0) {
        row.description = `${item.description.slice(0, 27)} (LOCAL)`;
      }
      if (siteId === 8 && item.dept === 2 && item.sub === 2 && n % 11 === 0) row.sub = 1;
      rowsOut.push(row);
    }
  });
  for (const part of chunks(rowsOut, 1000)) await tx.insert(t.siteExceptions).values(part);
  await tx.execute(sql`
    insert into item_changes (site_id, item_id, pack_size, changed_by, changed_at, source, dept, sub, unit_list, values_after)
    select site_id, item_id, pack_size, 'seed', now() - interval '90 days', 'Initial load', dept, sub, unit_list,
      jsonb_build_object('Description', description, 'DeptSub', dept || '.' || lpad(sub::text, 2, '0'),
        'UnitList', unit_list, 'UnitCost', unit_cost, 'TaxGroupId', tax_group_id, 'CrvID', redemption_id)
    from site_exceptions`);
  await settleBaseRows(tx);
  return rowsOut.length;
}

export async function loadDemo(db: Db, opts: { password?: string } = {}): Promise<DemoResult> {
  const all = generateDemoItems();
  const passwordHash = await hashPassword(opts.password ?? 'demo');
  let siteRows = 0;
  await db.transaction(async (tx) => {
    await loadReference(tx);
    siteRows = await loadItems(tx, all);
    const [demo] = await tx
      .insert(t.users)
      .values({ userName: 'demo', displayName: 'Demo User', passwordHash })
      .returning();
    await tx.insert(t.userZones).values(DEMO_ZONES.map((z) => ({ userId: demo.id, zoneId: z.no })));
    await tx.insert(t.preferences).values([
      { userId: demo.id, prefId: 1, prefValue: true },
      { userId: demo.id, prefId: 2, prefValue: false },
      { userId: demo.id, prefId: 3, prefValue: true },
      { userId: demo.id, prefId: 4, prefValue: true },
      { userId: demo.id, prefId: 5, prefValue: true },
      { userId: demo.id, prefId: 6, prefValue: true },
      { userId: demo.id, prefId: 7, prefInt: 10 },
    ]);
    await loadDemoActivity(tx, all);
    await tx.insert(t.announcements).values({
      text: 'Price changes distributed before 6:00 PM reach the stores the same night.',
    });
    await tx.insert(t.settings).values([
      { key: 'tableVersion', value: 30 },
      { key: 'emailEnabled', value: true },
      { key: 'demo', value: { loadedAt: new Date().toISOString() } },
    ]);
    await refreshZoneSummary(tx);
  });
  // Settling left most loaded site rows dead (the base rows hold them now), and the tables have no
  // statistics yet: the planner's first plans would read whole tables (PGlite has no autovacuum).
  await vacuumWhereDue(db);
  return { sites: DEMO_SITES.length, zones: DEMO_ZONES.length, items: all.length, siteRows };
}
