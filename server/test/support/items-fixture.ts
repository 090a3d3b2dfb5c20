/**
 * The Item Adjustment price book (pricebook-fixture.ts) plus what Add Item tests need: units of
 * measure, catalogue facts of the cola, items whose sites disagree (to prove site priority), an
 * item carried only outside zone North, a combo with linked items, and zone West whose top-priority
 * site (store 14) has a higher number than its second (store 12).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Executor, rows } from '../../src/db/client';
import * as t from '../../src/db/schema';
import { settleBaseRows } from '../../src/features/pricebook/layers';
import { refreshZoneSummary } from '../../src/features/pricebook/summary';
import { makeApp, signIn } from './app';
import { createTestDatabase } from './database';
import { buildSiteItems, buildZone, type SiteItemInput } from './factories';
import { buildPricebook } from './pricebook-fixture';

export const COKE = '04900000044';
/** UPC-A of the cola with its check digit: 0+4+9... weights give 47, check digit 3. */
export const COKE_UPC = '049000000443';
export const LAYS = '02840000001';

export async function buildItemsFixture(ex: Executor, opts: { prefs?: number[] } = {}) {
  const pb = await buildPricebook(ex, opts);
  const { s11, s12, s13, s14, s15 } = pb.sites;
  await ex.insert(t.uoms).values([
    { unit: 'CS', description: 'Case' },
    { unit: 'CTN', description: 'Carton' },
    { unit: 'EA', description: 'Each' },
    { unit: 'PK', description: 'Pack' },
  ]);
  await ex.insert(t.vendors).values({ id: 'PEPSI', name: 'Pepsi DSD' });

  // West: store 14 has priority 1, store 12 priority 2.
  const west = await buildZone(ex, { zoneNo: 4, name: 'West', siteIds: [s14, s12] });
  await ex
    .insert(t.departments)
    .values([{ zoneId: west.id, dept: 2, sub: 1, deptName: 'Beverages', subName: 'Soft Drinks' }]);
  await ex.insert(t.userZones).values({ userId: pb.user.id, zoneId: west.id });

  await ex.execute(sql`update items set upc_code = ${COKE_UPC}, upc_pack_size = 1 where item_id = ${COKE}`);
  await ex.insert(t.itemUoms).values([
    { itemId: COKE, packSize: 1, unit: 'EA', qty: '1' },
    { itemId: COKE, packSize: 1, unit: 'CS', qty: '24' },
  ]);
  await ex.insert(t.itemVendorNumbers).values([
    { itemId: COKE, packSize: 1, vendorId: 'COREMARK', vendorItem: '400013' },
    { itemId: COKE, packSize: 1, vendorId: 'MCLANE', vendorItem: 'M700007' },
  ]);

  const at = (sites: number[], base: Omit<SiteItemInput, 'siteId'>) =>
    sites.map((siteId) => ({ ...base, siteId }));
  await buildSiteItems(ex, [
    // PRIO1: the top-priority store 11 differs from stores 12 and 13, which agree.
    {
      siteId: s11,
      itemId: 'PRIO1',
      description: 'TOP SITE VALUE',
      unitList: '2.29',
      unitCost: '1.1000',
      dept: 4,
      sub: 1,
    },
    ...at([s12, s13], {
      itemId: 'PRIO1',
      description: 'COMMON VALUE',
      unitList: '1.99',
      unitCost: '1.0000',
      dept: 2,
      sub: 1,
    }),
    // PRIO2: not at store 11; store 12 (priority 2) wins over store 13.
    { siteId: s12, itemId: 'PRIO2', description: 'SECOND SITE', unitList: '3.49', unitCost: '2.0000' },
    { siteId: s13, itemId: 'PRIO2', description: 'THIRD SITE', unitList: '3.19', unitCost: '2.0000' },
    // WEST1: in zone West store 14 (priority 1) wins although store 12 has the lower number.
    { siteId: s12, itemId: 'WEST1', description: 'AT STORE 12', unitList: '5.00', unitCost: '3.0000' },
    { siteId: s14, itemId: 'WEST1', description: 'AT STORE 14', unitList: '6.00', unitCost: '3.0000' },
    // ELSEWHERE: only outside North (stores 14 and 15); store 14 has the lower number.
    {
      siteId: s14,
      itemId: 'ELSEWHERE',
      description: 'OUTSIDE AT 14',
      unitList: '2.59',
      unitCost: '1.2500',
      dept: 4,
      sub: 1,
    },
    { siteId: s15, itemId: 'ELSEWHERE', description: 'OUTSIDE AT 15', unitList: '2.69', unitCost: '1.3000' },
    // COMBO1 in North: 2 colas (EA) and a bag of chips (no unit).
    ...at([s11, s12, s13], {
      itemId: 'COMBO1',
      description: 'COLA AND CHIPS',
      unitList: '3.49',
      unitCost: '0',
      dept: 8,
      sub: 0,
    }),
  ]);
  await ex.insert(t.itemLinks).values([
    { itemId: 'COMBO1', packSize: 1, linkItemId: COKE, linkPackSize: 1, unit: 'EA', unitQty: '1', qty: '2' },
    { itemId: 'COMBO1', packSize: 1, linkItemId: LAYS, linkPackSize: 1, unit: null, unitQty: null, qty: '1' },
  ]);
  await settleBaseRows(ex);
  await refreshZoneSummary(ex);
  return { ...pb, west };
}

export type ItemsFixture = Awaited<ReturnType<typeof buildItemsFixture>>;

/** The item calls through app.inject, as user ann. */
export function itemsApi(app: FastifyInstance, cookie: string, defaultZone: number) {
  const inject = (o: { method: 'GET' | 'POST'; url: string; payload?: unknown; cookie?: string }) =>
    app.inject({
      method: o.method,
      url: o.url,
      headers: { cookie: o.cookie ?? cookie },
      ...(o.payload === undefined ? {} : { payload: o.payload as Record<string, unknown> }),
    });
  return {
    lookup: (ID: unknown, PackSize: unknown = 1, zone = defaultZone, c?: string) =>
      inject({
        method: 'POST',
        url: '/additem/ann/lookUpBatchItem',
        payload: { ID, PackSize, ZoneSetupID: zone, Action: 'LookUpBatchItem' },
        cookie: c,
      }),
    /** The lookup's item (fails the test unless the lookup answers 200). */
    item: async (ID: string, PackSize = 1, zone = defaultZone) => {
      const res = await inject({
        method: 'POST',
        url: '/additem/ann/lookUpBatchItem',
        payload: { ID, PackSize, ZoneSetupID: zone, Action: 'LookUpBatchItem' },
      });
      if (res.statusCode !== 200) throw new Error(`lookup ${ID}: ${res.statusCode} ${res.body}`);
      return res.json().RootResults as Record<string, unknown>;
    },
    save: (items: Record<string, unknown>[], zone = defaultZone, c?: string) =>
      inject({
        method: 'POST',
        url: '/updateBatchItem/ann',
        payload: { ZoneSetupID: zone, Items: items },
        cookie: c,
      }),
    history: (ID: string, PackSize = 1, zone = defaultZone) =>
      inject({
        method: 'POST',
        url: '/additem/ann/getItemHistoryPerSite',
        payload: { ZoneSetupID: zone, ID, PackSize },
      }),
    get: (url: string, c?: string) => inject({ method: 'GET', url, cookie: c }),
    post: (url: string, payload: unknown, c?: string) => inject({ method: 'POST', url, payload, cookie: c }),
  };
}

/** Every row of the tables a save may change, to prove a refused save changed nothing. */
export async function snapshotItems(ex: Executor) {
  const q = (text: string) => rows(ex, sql.raw(text));
  return {
    sites:
      await q(`select site_id, item_id, pack_size, description, unit_list::text, unit_cost::text, dept, sub,
      version::text as version, deleted from site_items order by 1, 2, 3`),
    items: await q('select item_id, pack_size, upc_code, upc_pack_size from items order by 1, 2'),
    uoms: await q('select item_id, pack_size, unit, qty::text from item_uoms order by 1, 2, 3'),
    links: await q(
      'select item_id, pack_size, link_item_id, link_pack_size, unit from item_links order by 1, 2, 3, 4',
    ),
    vendors: await q(
      'select item_id, pack_size, vendor_id, vendor_item from item_vendor_numbers order by 1, 2, 3',
    ),
    groups: await q('select item_group_id, item_id, pack_size from item_group_members order by 1, 2, 3'),
    itemGroups: await q('select id from item_groups order by 1'),
    history: await q('select count(*)::int as n from item_history'),
    summary: await q(
      'select zone_id, item_id, pack_size, unit_list::text, update_key::text as update_key from zone_items order by 1, 2, 3',
    ),
  };
}

/** A test file's world: a fresh database with the items fixture, the app, and ann's item calls. */
export async function startItemsSuite() {
  const tdb = await createTestDatabase();
  const fx = await buildItemsFixture(tdb.db);
  const app = await makeApp(tdb.db);
  const api = itemsApi(app, await signIn(app, 'ann', 'ann-pw'), fx.north.id);
  return { tdb, fx, app, api };
}

export async function stopSuite(s: { app?: { close(): Promise<unknown> }; tdb?: { drop(): Promise<void> } }) {
  await s.app?.close();
  await s.tdb?.drop();
}
