/**
 * Outside Updates end to end: a store's change arrives through Site Import, is listed, and Accept,
 * Synch Site or Reject is applied. Fixture (pricebook-fixture.ts): North = stores 11, 12, 13;
 * South = 13, 14. SPRITE, LAYS, CARD and PAPER (type X) are at 11-13 only; COKE at 11-14.
 */
import { OutsideUpdatesResponse } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { addRoot, importStoreChange } from '../../../test/support/outside-updates';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';
import type { StoreFileItem } from '../../exchange/naxml/store-files';
import { latestChange, planSite } from '../distribution/plan';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));

const q = <T>(query: ReturnType<typeof sql>) => rows<T>(tdb.db, query);
const storeChange = (siteId: number, siteNo: number, edit: (i: StoreFileItem) => StoreFileItem) =>
  importStoreChange({ app, ex: tdb.db, cookie, sitesDir, siteId, siteNo, edit });
const list = (zoneId: number, query = '') =>
  app.inject({ url: `/outsideupdates/ann/${zoneId}${query}`, headers: { cookie } });
const apply = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/outsideupdates/applyOUChanges/ann', headers: { cookie }, payload });
const prices = (itemId: string, packSize = 1) =>
  q<{ site_id: number; unit_list: string }>(
    sql`select site_id, unit_list::text as unit_list from site_items
      where item_id = ${itemId} and pack_size = ${packSize} and not deleted order by site_id`,
  );
const history = (itemId: string, source: string) =>
  q<{ site_id: number; unit_list: string }>(
    sql`select site_id, unit_list::text as unit_list from item_history
      where item_id = ${itemId} and source = ${source} order by site_id`,
  );
const zoneKey = async (zoneId: number, itemId: string, packSize = 1) => {
  const [r] = await q<{ k: string; unit_list: string; is_price_uniform: boolean }>(
    sql`select update_key::text as k, unit_list::text as unit_list, is_price_uniform from zone_items
      where zone_id = ${zoneId} and item_id = ${itemId} and pack_size = ${packSize}`,
  );
  return r;
};
type Root = { Idcode: string; PackSize: number; Action: string; UpdateKey: string | null } & Record<
  string,
  unknown
>;
const rootOf = async (zoneId: number, itemId: string, packSize = 1) => {
  const res = await list(zoneId);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().root as Root[]).find((r) => r.Idcode === itemId && r.PackSize === packSize);
};

describe('Outside Updates: a store change through Site Import, then Accept', () => {
  it("lists a store's local price change as a root with its origin store below it", async () => {
    await storeChange(pb.sites.s12, 12, (i) =>
      i.itemId === PB_ITEMS.SPRITE ? { ...i, unitList: '1.69' } : i,
    );
    const res = await list(pb.north.id, '?includeTotalCount=true');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // The answer is not checked at run time (routes.ts): here, with the strict schema.
    expect(OutsideUpdatesResponse.safeParse(body).error).toBeUndefined();
    expect(body.TotalCount).toBe(1);
    expect(body.Message).toBeNull();
    const key = await zoneKey(pb.north.id, PB_ITEMS.SPRITE);
    expect(body.root).toHaveLength(1);
    expect(body.root[0]).toMatchObject({
      Idcode: PB_ITEMS.SPRITE,
      PackSize: 1,
      SetupTypeName: 'Zone',
      SetupId: pb.north.id,
      Description: 'SPRITE 20OZ',
      DeptSub: '2.01',
      Price: '1.69',
      ZoneList: '1.79',
      Cost: '1.000000',
      // (1.69 - 1.00) / 1.69 = 40.828%
      Margin: '40.828',
      changeFlds: 8,
      isSamePrice: -1,
      isSameDescription: 0,
      isSameDeptSub: 0,
      isNew: false,
      Action: 'noaction',
      ImpactedSiteSetupIDs: [pb.sites.s12],
      // The root's key: the zone's key or, newer, the version of the incoming values (stale-key.test.ts).
      UpdateKey: expect.stringMatching(/^\d+$/),
      ZoneUpdateKey: key.k,
    });
    expect(body.included).toEqual([
      expect.objectContaining({
        Idcode: PB_ITEMS.SPRITE,
        SetupTypeName: 'Site',
        SetupId: pb.sites.s12,
        SiteNo: 12,
        Kind: 'origin',
        Price: '1.69',
        changeFlds: 8,
        Was: expect.objectContaining({ Price: '1.79', Description: 'SPRITE 20OZ' }),
      }),
    ]);
    // Store 12 is in North only.
    expect((await list(pb.south.id)).json().root).toEqual([]);
  });

  it('keeps the chosen action, and Accept writes the price at every store of the zone and refreshes South', async () => {
    const set = await app.inject({
      method: 'POST',
      url: '/outsideupdates/itemaction/ann',
      headers: { cookie },
      payload: { ZoneSetupID: pb.north.id, Action: 'accept', items: [{ ID: PB_ITEMS.SPRITE, PackSize: 1 }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ RootResults: { Updated: 1 } });
    const root = await rootOf(pb.north.id, PB_ITEMS.SPRITE);
    expect(root?.Action).toBe('accept');
    const southBefore = await zoneKey(pb.south.id, PB_ITEMS.SPRITE);
    expect(southBefore.unit_list).toBe('1.79');

    // No action in the request: the kept one (Accept) applies.
    const res = await apply({
      updatedMasterItem: null,
      actionItem: {
        ZoneSetupID: pb.north.id,
        items: [{ ID: PB_ITEMS.SPRITE, PackSize: 1, UpdateKey: root?.UpdateKey }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({
      Accepted: 1,
      Synched: 0,
      Rejected: 0,
      ImpactedZones: [pb.south.id],
    });
    expect(await prices(PB_ITEMS.SPRITE)).toEqual([
      { site_id: pb.sites.s11, unit_list: '1.69' },
      { site_id: pb.sites.s12, unit_list: '1.69' },
      { site_id: pb.sites.s13, unit_list: '1.69' },
    ]);
    expect((await history(PB_ITEMS.SPRITE, 'Outside Update')).map((h) => h.site_id)).toEqual([
      pb.sites.s11,
      pb.sites.s12,
      pb.sites.s13,
    ]);
    // South holds store 13: its summary shows the new price and a newer UpdateKey.
    const southAfter = await zoneKey(pb.south.id, PB_ITEMS.SPRITE);
    expect(southAfter.unit_list).toBe('1.69');
    expect(BigInt(southAfter.k)).toBeGreaterThan(BigInt(southBefore.k));
    expect(await rootOf(pb.north.id, PB_ITEMS.SPRITE)).toBeUndefined();
  });
});

describe('Outside Updates: Synch Site and Reject', () => {
  it('Synch Site keeps the change at the store it came from only', async () => {
    await storeChange(pb.sites.s11, 11, (i) =>
      i.itemId === PB_ITEMS.LAYS && i.packSize === 1 ? { ...i, unitList: '1.09' } : i,
    );
    const root = await rootOf(pb.north.id, PB_ITEMS.LAYS);
    expect(root?.ImpactedSiteSetupIDs).toEqual([pb.sites.s11]);
    const res = await apply({
      actionItem: {
        ZoneSetupID: pb.north.id,
        items: [{ ID: PB_ITEMS.LAYS, PackSize: 1, Action: 'synch_site', UpdateKey: root?.UpdateKey }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({ Accepted: 0, Synched: 1, Rejected: 0 });
    expect(await prices(PB_ITEMS.LAYS)).toEqual([
      { site_id: pb.sites.s11, unit_list: '1.09' },
      { site_id: pb.sites.s12, unit_list: '0.99' },
      { site_id: pb.sites.s13, unit_list: '0.99' },
    ]);
    expect(await history(PB_ITEMS.LAYS, 'Outside Update (Synch Site)')).toEqual([
      { site_id: pb.sites.s11, unit_list: '1.09' },
    ]);
    expect((await zoneKey(pb.north.id, PB_ITEMS.LAYS)).is_price_uniform).toBe(false);
    expect(await rootOf(pb.north.id, PB_ITEMS.LAYS)).toBeUndefined();
  });

  it("Reject leaves the price book and puts the zone's value in the store's next modifications-only distribution", async () => {
    await storeChange(pb.sites.s12, 12, (i) => (i.itemId === PB_ITEMS.CARD ? { ...i, unitList: '9.00' } : i));
    // Stores 11 and 12 were last distributed now.
    const now = await latestChange(tdb.db);
    for (const s of [pb.sites.s11, pb.sites.s12]) {
      await tdb.db.execute(sql`insert into site_exchange (site_id, change_watermark) values (${s}, ${now})
        on conflict (site_id) do update set change_watermark = excluded.change_watermark`);
    }
    const site12 = { id: pb.sites.s12, siteNo: 12, name: 'Store 12', exchangeDir: null };
    const site11 = { id: pb.sites.s11, siteNo: 11, name: 'Store 11', exchangeDir: null };
    const planned = async (site: typeof site12) =>
      (await planSite(tdb.db, site, { full: false, toWatermark: await latestChange(tdb.db) })).rows.map(
        (r) => ({
          itemId: r.itemId,
          unitList: r.unitList,
        }),
      );
    expect(await planned(site12)).toEqual([]);

    const root = await rootOf(pb.north.id, PB_ITEMS.CARD);
    const res = await apply({
      actionItem: {
        ZoneSetupID: pb.north.id,
        items: [{ ID: PB_ITEMS.CARD, PackSize: 1, Action: 'reject', UpdateKey: root?.UpdateKey }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({ Accepted: 0, Synched: 0, Rejected: 1, SiteRows: 1 });
    expect((await prices(PB_ITEMS.CARD)).map((p) => p.unit_list)).toEqual(['10.00', '10.00', '10.00']);
    expect(await planned(site12)).toEqual([{ itemId: PB_ITEMS.CARD, unitList: '10.00' }]);
    // Only the store the change came from is sent the item again.
    expect(await planned(site11)).toEqual([]);
    expect(await rootOf(pb.north.id, PB_ITEMS.CARD)).toBeUndefined();
  });
});

describe('Outside Updates: refusals', () => {
  it('a stale UpdateKey is a 409 and changes nothing', async () => {
    await addRoot(tdb.db, {
      zoneId: pb.north.id,
      itemId: PB_ITEMS.LAYS,
      packSize: 6,
      flds: 8,
      unitList: '5.49',
      origins: [pb.sites.s11],
    });
    const seen = await rootOf(pb.north.id, PB_ITEMS.LAYS, 6);
    const edit = await app.inject({
      method: 'POST',
      url: '/adjust/ann/submitChange',
      headers: { cookie },
      payload: {
        ZoneSetupID: pb.north.id,
        Item: { ID: PB_ITEMS.LAYS, PackSize: 6, Description: 'LAYS 6PK NEW' },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await apply({
      actionItem: {
        ZoneSetupID: pb.north.id,
        items: [{ ID: PB_ITEMS.LAYS, PackSize: 6, Action: 'accept', UpdateKey: seen?.UpdateKey }],
      },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect((await prices(PB_ITEMS.LAYS, 6)).map((p) => p.unit_list)).toEqual(['4.99', '4.99', '4.99']);
    expect(await rootOf(pb.north.id, PB_ITEMS.LAYS, 6)).toBeDefined();
  });

  it("nothing to apply is a 400 with the spec's text", async () => {
    for (const items of [[], [{ ID: PB_ITEMS.LAYS, PackSize: 6, Action: 'noaction' }]]) {
      const res = await apply({ updatedMasterItem: null, actionItem: { ZoneSetupID: pb.north.id, items } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ ErrorMessage: 'You have not modified any item' });
    }
  });

  it('edits are checked: an existing department (EX only for type X), amounts, descriptions under 35', async () => {
    await addRoot(tdb.db, {
      zoneId: pb.north.id,
      itemId: PB_ITEMS.PAPER,
      flds: 1,
      description: 'PAPER ROLL',
      origins: [pb.sites.s13],
    });
    const tryEdit = async (edit: Record<string, unknown>) => {
      const res = await apply({
        updatedMasterItem: [edit],
        actionItem: { ZoneSetupID: pb.north.id, items: [] },
      });
      return { status: res.statusCode, message: res.json().ErrorMessage as string | undefined };
    };
    const lays = { ID: PB_ITEMS.LAYS, PackSize: 6 };
    const paper = { ID: PB_ITEMS.PAPER, PackSize: 1 };
    const deptText = 'The department must be a valid existing department.';
    expect(await tryEdit({ ...lays, DeptSub: '9.99' })).toEqual({
      status: 400,
      message: expect.stringContaining(deptText),
    });
    expect(await tryEdit({ ...paper, DeptSub: '2.01' })).toEqual({
      status: 400,
      message: expect.stringContaining(deptText),
    });
    expect(await tryEdit({ ...lays, Price: '1.2.3' })).toEqual({
      status: 400,
      message: expect.stringContaining('Enter a valid amount, such as 1.50 or $1,234.50.'),
    });
    expect(await tryEdit({ ...lays, Description: 'X'.repeat(35) })).toEqual({
      status: 400,
      message: expect.stringContaining('Please enter no more 35 characters'),
    });
    expect((await prices(PB_ITEMS.LAYS, 6)).map((p) => p.unit_list)).toEqual(['4.99', '4.99', '4.99']);

    // Type X into an EX department is fine; PAPER's list price is not touched.
    const ok = await tryEdit({ ...paper, DeptSub: '90.00', Description: 'X'.repeat(34) });
    expect(ok.status).toBe(200);
    const [p] = await q<{ description: string }>(
      sql`select distinct description from site_items where item_id = ${PB_ITEMS.PAPER}`,
    );
    expect(p.description).toBe('X'.repeat(34));
  });

  it('an edited item is accepted with its edits; an Accept list is de-duplicated by ID and pack size', async () => {
    const seen = await rootOf(pb.north.id, PB_ITEMS.LAYS, 6);
    const item = { ID: PB_ITEMS.LAYS, PackSize: 6, Action: 'accept', UpdateKey: seen?.UpdateKey };
    const res = await apply({
      updatedMasterItem: [{ ID: PB_ITEMS.LAYS, PackSize: 6, Price: '$5.25', DeptSub: '2.80' }],
      actionItem: { ZoneSetupID: pb.north.id, items: [item, item] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({ Accepted: 1 });
    const after = await q<{ unit_list: string; dept: number; sub: number }>(
      sql`select distinct unit_list::text as unit_list, dept, sub from site_items where item_id = ${PB_ITEMS.LAYS} and pack_size = 6`,
    );
    expect(after).toEqual([{ unit_list: '5.25', dept: 2, sub: 80 }]);
    expect(await history(PB_ITEMS.LAYS, 'Outside Update')).toHaveLength(3);
  });
});

describe('Outside Updates: an item new to the zone', () => {
  const LOCAL = '41234567890';

  it("Accept adds a store's local item at every store of the zone; South, sharing store 13, carries it too", async () => {
    // An 'update' file: the cola's record is replaced by the store's new local item.
    await storeChange(pb.sites.s13, 13, (i) =>
      i.itemId === PB_ITEMS.COKE
        ? {
            ...i,
            itemId: LOCAL,
            description: 'LOCAL ITEM 0001',
            dept: 2,
            sub: 1,
            unitList: '3.49',
            taxGroupId: 2,
          }
        : i,
    );
    const seen = await rootOf(pb.north.id, LOCAL);
    expect(seen).toMatchObject({
      isNew: true,
      ItemStateName: 'New',
      // New to the zone: no zone key; the root still has its own (its incoming values' version).
      UpdateKey: expect.stringMatching(/^\d+$/),
      ZoneUpdateKey: null,
      Price: '3.49',
      ZoneList: null,
    });
    expect(await rootOf(pb.south.id, LOCAL)).toMatchObject({ isNew: true });

    const synch = await apply({
      actionItem: { ZoneSetupID: pb.north.id, items: [{ ID: LOCAL, PackSize: 1, Action: 'synch_site' }] },
    });
    expect(synch.statusCode, synch.body).toBe(400);

    const res = await apply({
      actionItem: { ZoneSetupID: pb.north.id, items: [{ ID: LOCAL, PackSize: 1, Action: 'accept' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().RootResults).toMatchObject({ Accepted: 1, ImpactedZones: [pb.south.id] });
    expect(await prices(LOCAL)).toEqual([
      { site_id: pb.sites.s11, unit_list: '3.49' },
      { site_id: pb.sites.s12, unit_list: '3.49' },
      { site_id: pb.sites.s13, unit_list: '3.49' },
    ]);
    expect((await history(LOCAL, 'Outside Update')).map((h) => h.site_id)).toEqual([
      pb.sites.s11,
      pb.sites.s12,
      pb.sites.s13,
    ]);
    const summary = await q<{ zone_id: number; site_count: number; unit_list: string; description: string }>(
      sql`select zone_id, site_count, unit_list::text as unit_list, description from zone_items
        where item_id = ${LOCAL} order by zone_id`,
    );
    expect(summary).toEqual([
      { zone_id: pb.north.id, site_count: 3, unit_list: '3.49', description: 'LOCAL ITEM 0001' },
      { zone_id: pb.south.id, site_count: 1, unit_list: '3.49', description: 'LOCAL ITEM 0001' },
    ]);
    expect(await rootOf(pb.north.id, LOCAL)).toBeUndefined();
  });
});

describe('Outside Updates: incoming departments', () => {
  it('a department the zone does not allow is refused for Accept and Synch Site alike, and nothing changes', async () => {
    // PAPER is an expense item (X): a store moving it to 2.01 (not EX) cannot be taken over.
    await storeChange(pb.sites.s11, 11, (i) => (i.itemId === PB_ITEMS.PAPER ? { ...i, dept: 2, sub: 1 } : i));
    const seen = await rootOf(pb.north.id, PB_ITEMS.PAPER);
    expect(seen).toMatchObject({ DeptSub: '2.01', ExistingDeptSub: '90.00', isSameDeptSub: -1 });
    for (const Action of ['accept', 'synch_site']) {
      const res = await apply({
        actionItem: { ZoneSetupID: pb.north.id, items: [{ ID: PB_ITEMS.PAPER, PackSize: 1, Action }] },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().ErrorMessage).toContain('The department must be a valid existing department.');
    }
    const depts = await q<{ dept: number }>(
      sql`select distinct dept from site_items where item_id = ${PB_ITEMS.PAPER}`,
    );
    expect(depts).toEqual([{ dept: 90 }]);
    expect(await rootOf(pb.north.id, PB_ITEMS.PAPER)).toBeDefined();
  });
});
