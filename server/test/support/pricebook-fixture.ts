/**
 * A small price book for Item Adjustment tests. Zone North: sites 11, 12, 13 (priority order);
 * zone South: sites 13, 14 (site 13 is in both). Outside both: site 15.
 */
import type { Executor } from '../../src/db/client';
import * as t from '../../src/db/schema';
import { settleBaseRows } from '../../src/features/pricebook/layers';
import { refreshZoneSummary } from '../../src/features/pricebook/summary';
import { buildSite, buildSiteItems, buildUser, buildZone, type SiteItemInput } from './factories';

/** The fixture's item IDs (pack size 1). */
export const PB_ITEMS = {
  COKE: '04900000044',
  SPRITE: '04900000045',
  LAYS: '02840000001',
  CARD: '07700000080',
  PAPER: '9001',
} as const;

export async function buildPricebook(ex: Executor, opts: { prefs?: number[] } = {}) {
  const site = async (n: number) => (await buildSite(ex, { siteNo: n, name: `Store ${n}` })).id;
  const [s11, s12, s13, s14, s15] = [
    await site(11),
    await site(12),
    await site(13),
    await site(14),
    await site(15),
  ];
  const north = await buildZone(ex, { zoneNo: 1, name: 'North', siteIds: [s11, s12, s13] });
  const south = await buildZone(ex, { zoneNo: 2, name: 'South', siteIds: [s13, s14] });
  const other = await buildZone(ex, { zoneNo: 3, name: 'Other', siteIds: [s15] });
  for (const z of [north, south, other]) {
    await ex.insert(t.departments).values([
      { zoneId: z.id, dept: 2, sub: 0, deptName: 'Beverages', subName: 'Beverages' },
      { zoneId: z.id, dept: 2, sub: 1, deptName: 'Beverages', subName: 'Soft Drinks' },
      { zoneId: z.id, dept: 2, sub: 80, deptName: 'Beverages', subName: 'Promo' },
      { zoneId: z.id, dept: 4, sub: 1, deptName: 'Snacks', subName: 'Chips' },
      { zoneId: z.id, dept: 8, sub: 0, deptName: 'General', subName: 'General' },
      { zoneId: z.id, dept: 8, sub: 80, deptName: 'General', subName: 'Cards' },
      { zoneId: z.id, dept: 90, sub: 0, deptName: 'Expense', subName: 'Expense', itemTypeName: 'EX' },
    ]);
    await ex.insert(t.taxGroups).values([
      { zoneId: z.id, id: 1, description: 'Non-taxable', priority: 1 },
      { zoneId: z.id, id: 2, description: 'State', priority: 2 },
    ]);
  }
  await ex.insert(t.redemptions).values([
    { id: 1, text: 'CRV 5', amount: '0.05' },
    { id: 2, text: 'CRV 10', amount: '0.10' },
  ]);
  await ex.insert(t.redemptionZones).values([
    { zoneId: north.id, redemptionId: 1 },
    { zoneId: north.id, redemptionId: 2 },
  ]);
  await ex.insert(t.vendors).values([
    { id: 'COREMARK', name: 'Core-Mark' },
    { id: 'MCLANE', name: 'McLane' },
  ]);
  await ex.insert(t.itemGroups).values({ id: 'SODA', description: 'Sodas' });

  const at = (
    sites: number[],
    base: Omit<SiteItemInput, 'siteId'>,
    per: Record<number, Partial<SiteItemInput>> = {},
  ) => sites.map((siteId) => ({ ...base, siteId, ...(per[siteId] ?? {}) }));
  await buildSiteItems(ex, [
    // Cola: price differs at store 13 (1.89 vs 1.79).
    ...at(
      [s11, s12, s13, s14],
      {
        itemId: '04900000044',
        description: 'COKE 20OZ',
        unitList: '1.79',
        unitCost: '1.0740',
        dept: 2,
        sub: 1,
      },
      { [s13]: { unitList: '1.89' } },
    ),
    ...at([s11, s12, s13], {
      itemId: '04900000045',
      description: 'SPRITE 20OZ',
      unitList: '1.79',
      unitCost: '1.0000',
      dept: 2,
      sub: 1,
    }),
    ...at([s11, s12, s13], {
      itemId: '02840000001',
      description: 'LAYS CLASSIC 1OZ',
      unitList: '0.99',
      unitCost: '0.5500',
      dept: 4,
      sub: 1,
    }),
    ...at([s11, s12, s13], {
      itemId: '02840000001',
      packSize: 6,
      description: 'LAYS CLASSIC 6PK',
      unitList: '4.99',
      unitCost: '3.0000',
      dept: 4,
      sub: 1,
    }),
    ...at([s11, s12, s13], {
      itemId: '07700000080',
      description: 'PHONE CARD 10',
      unitList: '10.00',
      unitCost: '9.5000',
      dept: 8,
      sub: 80,
    }),
    ...at([s11, s12, s13], {
      itemId: '9001',
      description: 'REGISTER PAPER',
      unitList: '0.00',
      unitCost: '12.5000',
      dept: 90,
      sub: 0,
      invType: 'X',
    }),
    ...at([s15], {
      itemId: '05100000001',
      description: 'LOCAL ONLY SODA',
      unitList: '2.49',
      unitCost: '1.2000',
      dept: 2,
      sub: 1,
    }),
  ]);
  await ex.insert(t.itemGroupMembers).values({ itemGroupId: 'SODA', itemId: '04900000044', packSize: 1 });
  await ex.update(t.siteExceptions).set({ vendorId: 'COREMARK', taxGroupId: 2, redemptionId: 1 });
  await settleBaseRows(ex);
  await refreshZoneSummary(ex);
  const user = await buildUser(ex, {
    userName: 'ann',
    password: 'ann-pw',
    zoneIds: [north.id, south.id],
    prefs: opts.prefs ?? [1, 3, 4],
  });
  const outsider = await buildUser(ex, {
    userName: 'otto',
    password: 'otto-pw',
    zoneIds: [other.id],
    prefs: [1, 3, 4],
  });
  return { sites: { s11, s12, s13, s14, s15 }, north, south, other, user, outsider };
}

export type Pricebook = Awaited<ReturnType<typeof buildPricebook>>;
