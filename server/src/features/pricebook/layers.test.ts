/**
 * The storage model (zone base rows plus stores' own rows, history once per change and item) gives
 * the same answers per store as one row per store did: a store that differs, then a zone-wide
 * change; removing coverage; an item in two zones with a shared store; history per store.
 *
 * Zones: North (stores 11, 12, 13), South (13, 14); store 13 is in both and its base zone is North.
 * Cola differs at store 13 (1.89 against 1.79); Sprite, Lays and the phone card agree in North.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { buildSiteItems } from '../../../test/support/factories';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';
import { settleBaseRows } from './layers';
import { refreshZoneSummary } from './summary';
import { INLINE_SITE_LIST_ITEMS } from './write';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

const { COKE, SPRITE, LAYS, CARD } = PB_ITEMS;

const q = <T>(query: ReturnType<typeof sql>) => rows<T>(tdb.db, query);
const post = async (call: string, zoneId: number, payload: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url: `/adjust/ann/${call}`,
    headers: { cookie },
    payload: { ZoneSetupID: zoneId, ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const setPrice = (zoneId: number, itemId: string, amount: string, coverage?: number[]) =>
  post('updateSSCSItemsPriceChange', zoneId, {
    SelectedItems: [{ ID: itemId, PackSize: 1 }],
    UpdateType: 2,
    RoundType: 0,
    ChangeAmount: amount,
    ...(coverage ? { Coverage: coverage } : {}),
  });

/** What each store has of the item: [store, price, dept.sub, removed]. */
async function stores(itemId: string) {
  const found = await q<{ site_no: number; unit_list: string; dept: number; sub: number; deleted: boolean }>(
    sql`select s.site_no, si.unit_list::text, si.dept, si.sub, si.deleted from site_items si
      join sites s on s.id = si.site_id where si.item_id = ${itemId} and si.pack_size = 1 order by s.site_no`,
  );
  return found.map((r) => [r.site_no, r.unit_list, `${r.dept}.${r.sub}`, r.deleted]);
}

const counts = async () => {
  const [c] = await q<{ own: number; base: number; changes: number }>(
    sql`select (select count(*)::int from site_exceptions) own, (select count(*)::int from base_items) base,
      (select count(*)::int from item_changes) changes`,
  );
  return c;
};

/** Every zone's summary equals one computed afresh from what the stores have. */
async function expectSummaryFresh() {
  const read = () =>
    q<Record<string, unknown>>(
      sql`select zone_id, item_id, pack_size, description, dept, sub, unit_list::text, unit_cost::text,
        margin::text, site_count, is_price_uniform, is_cost_uniform, is_dept_sub_uniform, is_desc_uniform,
        is_uniform, update_key::text from zone_items order by 1, 2, 3`,
    );
  const stored = await read();
  await refreshZoneSummary(tdb.db);
  expect(stored).toEqual(await read());
}

describe('a write to a whole zone', () => {
  it('sets the base row once and records one history row naming the stores', async () => {
    const before = await counts();
    await setPrice(pb.north.id, SPRITE, '0.10');
    expect(await stores(SPRITE)).toEqual([
      [11, '1.89', '2.1', false],
      [12, '1.89', '2.1', false],
      [13, '1.89', '2.1', false],
    ]);
    const after = await counts();
    expect(after.own).toBe(before.own);
    expect(after.base).toBe(before.base);
    expect(after.changes).toBe(before.changes + 1);
    // One history row for the three stores; a write of one item names them in the row itself.
    const [change] = await q<{ site_ids: number[]; site_set_id: number | null; source: string }>(
      sql`select c.site_ids, c.site_set_id, c.source from item_changes c
        where c.item_id = ${SPRITE} order by c.id desc limit 1`,
    );
    expect(change.site_set_id).toBeNull();
    expect([...change.site_ids].sort()).toEqual([pb.sites.s11, pb.sites.s12, pb.sites.s13].sort());
    // History per store: one row at each of the three stores, with the new price.
    const perStore = await q<{ site_no: number; unit_list: string; changed_by: string }>(
      sql`select s.site_no, h.unit_list::text, h.changed_by from item_history h join sites s on s.id = h.site_id
        where h.item_id = ${SPRITE} and h.source = ${change.source} order by s.site_no`,
    );
    expect(perStore).toEqual([
      { site_no: 11, unit_list: '1.89', changed_by: 'ann' },
      { site_no: 12, unit_list: '1.89', changed_by: 'ann' },
      { site_no: 13, unit_list: '1.89', changed_by: 'ann' },
    ]);
    await expectSummaryFresh();
  });

  it('keeps what a store that differs has of its own and changes the rest', async () => {
    // Store 12 gets its own price for Lays, then the whole zone moves to department 2.01.
    await setPrice(pb.north.id, LAYS, '0.20', [pb.sites.s12]);
    await post('updateSSCSItemsDepartmentChange', pb.north.id, {
      SelectedItems: [{ ID: LAYS, PackSize: 1 }],
      DeptSubNum: 201,
    });
    expect(await stores(LAYS)).toEqual([
      [11, '0.99', '2.1', false],
      [12, '1.19', '2.1', false],
      [13, '0.99', '2.1', false],
    ]);
    const [zone] = await q<{ unit_list: string; is_price_uniform: boolean; is_dept_sub_uniform: boolean }>(
      sql`select unit_list::text, is_price_uniform, is_dept_sub_uniform from zone_items
        where zone_id = ${pb.north.id} and item_id = ${LAYS} and pack_size = 1`,
    );
    expect(zone).toEqual({ unit_list: '0.99', is_price_uniform: false, is_dept_sub_uniform: true });
    // The newest history row at each store holds that store's values.
    const newest = await q<{ site_no: number; unit_list: string; dept: number }>(
      sql`select distinct on (s.site_no) s.site_no, h.unit_list::text, h.dept from item_history h
        join sites s on s.id = h.site_id where h.item_id = ${LAYS} and h.pack_size = 1
        order by s.site_no, h.changed_at desc, h.id desc`,
    );
    expect(newest).toEqual([
      { site_no: 11, unit_list: '0.99', dept: 2 },
      { site_no: 12, unit_list: '1.19', dept: 2 },
      { site_no: 13, unit_list: '0.99', dept: 2 },
    ]);
    await expectSummaryFresh();
  });

  it('a change in the zone sharing a store reaches that store and the other zone sees it differ', async () => {
    // South: store 13 (its base is North, and it prices Cola at 1.89) and store 14 (1.79). A batch
    // writes the zone's value (1.79) + 0.05 at both (docs/decisions.md, "What a batch changes").
    await setPrice(pb.south.id, COKE, '0.05');
    expect(await stores(COKE)).toEqual([
      [11, '1.79', '2.1', false],
      [12, '1.79', '2.1', false],
      [13, '1.84', '2.1', false],
      [14, '1.84', '2.1', false],
    ]);
    const zones = await q<{ zone_id: number; unit_list: string; is_price_uniform: boolean }>(
      sql`select zone_id, unit_list::text, is_price_uniform from zone_items where item_id = ${COKE} order by zone_id`,
    );
    expect(zones).toEqual([
      { zone_id: pb.north.id, unit_list: '1.79', is_price_uniform: false },
      { zone_id: pb.south.id, unit_list: '1.84', is_price_uniform: true },
    ]);
    await expectSummaryFresh();
  });
});

describe('coverage', () => {
  it('removes the item at a store, raises the UpdateKey, and a later zone-wide change leaves it removed', async () => {
    const key = async () =>
      (
        await q<{ k: string }>(
          sql`select update_key::text k from zone_items where zone_id = ${pb.north.id} and item_id = ${CARD}`,
        )
      )[0].k;
    const k0 = BigInt(await key());
    await setPrice(pb.north.id, CARD, '1.00', [pb.sites.s11, -pb.sites.s12, pb.sites.s13]);
    expect(await stores(CARD)).toEqual([
      [11, '11.00', '8.80', false],
      [12, '10.00', '8.80', true],
      [13, '11.00', '8.80', false],
    ]);
    const k1 = BigInt(await key());
    expect(k1 > k0).toBe(true);
    await setPrice(pb.north.id, CARD, '1.00');
    expect(await stores(CARD)).toEqual([
      [11, '12.00', '8.80', false],
      [12, '10.00', '8.80', true],
      [13, '12.00', '8.80', false],
    ]);
    const [zone] = await q<{ site_count: number; unit_list: string; is_uniform: boolean }>(
      sql`select site_count, unit_list::text, is_uniform from zone_items where zone_id = ${pb.north.id} and item_id = ${CARD}`,
    );
    expect(zone).toEqual({ site_count: 2, unit_list: '12.00', is_uniform: true });
    expect(BigInt(await key()) > k1).toBe(true);
    await expectSummaryFresh();
  });
});

describe('a write of many items', () => {
  it('names the stores of every history row through one site set', async () => {
    const ids = Array.from(
      { length: INLINE_SITE_LIST_ITEMS + 1 },
      (_, n) => `0770000${String(n).padStart(4, '0')}`,
    );
    const north = [pb.sites.s11, pb.sites.s12, pb.sites.s13];
    await buildSiteItems(
      tdb.db,
      ids.flatMap((itemId) => north.map((siteId) => ({ siteId, itemId, unitList: '3.00' }))),
    );
    await settleBaseRows(tdb.db);
    await refreshZoneSummary(tdb.db);
    await post('updateSSCSItemsPriceChange', pb.north.id, {
      SelectedItems: ids.map((ID) => ({ ID, PackSize: 1 })),
      UpdateType: 2,
      RoundType: 0,
      ChangeAmount: '0.10',
    });
    const changes = await q<{ item_id: string; unit_list: string; site_ids: number[] }>(
      sql`select c.item_id, c.unit_list::text, ss.site_ids from item_changes c join site_sets ss on ss.id = c.site_set_id
        where c.item_id like '0770000%' and c.site_ids is null order by c.item_id`,
    );
    expect(changes.map((c) => [c.item_id, c.unit_list])).toEqual(ids.map((id) => [id, '3.10']));
    for (const c of changes) expect([...c.site_ids].sort()).toEqual([...north].sort());
    const [sets] = await q<{ n: number }>(
      sql`select count(distinct site_set_id)::int n from item_changes where item_id like '0770000%'`,
    );
    expect(sets.n).toBe(1);
    expect(await stores(ids[0])).toEqual([
      [11, '3.10', '2.1', false],
      [12, '3.10', '2.1', false],
      [13, '3.10', '2.1', false],
    ]);
    await expectSummaryFresh();
  });
});
