/**
 * Writes at the same time (run with DB_KIND=postgres to race for real; PGlite runs transactions
 * one at a time, so there the same tests check the arithmetic and the invariants):
 * - every change counts: parallel Set Price batches on overlapping items add up;
 * - with UpdateKeys, exactly the batches that saw the current key save, the rest are 409;
 * - afterwards each site row's newest history row holds its stored price, and every zone summary
 *   equals one computed afresh from the site rows;
 * - an UpdateKey never returns to an earlier value, so a stale one is refused after a removal.
 *
 * Zones: North (stores 11, 12, 13), South (13, 14); store 13 is in both.
 */
import { fromMinor, PRICE_SCALE, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import { PB_ITEMS, type Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';
import { refreshZoneSummary } from './summary';

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
const post = (call: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/adjust/ann/${call}`, headers: { cookie }, payload });
const setPrice = (zoneId: number, items: Array<{ ID: string; UpdateKey?: string }>, amount: string) =>
  post('updateSSCSItemsPriceChange', {
    ZoneSetupID: zoneId,
    SelectedItems: items.map((i) => ({ PackSize: 1, ...i })),
    UpdateType: 2,
    RoundType: 0,
    ChangeAmount: amount,
  });

/** Price of the item at each store, by store number (live rows). */
async function prices(itemId: string): Promise<Map<number, string>> {
  const found = await q<{ site_no: number; unit_list: string }>(
    sql`select s.site_no, si.unit_list::text from site_items si join sites s on s.id = si.site_id
      where si.item_id = ${itemId} and si.pack_size = 1 and not si.deleted order by s.site_no`,
  );
  return new Map(found.map((r) => [r.site_no, r.unit_list]));
}

const plus = (price: string, cents: number) =>
  fromMinor(toMinor(price, PRICE_SCALE) + BigInt(cents), PRICE_SCALE);

/** The zone's UpdateKey of an item, as the grid hands it out. */
async function keyOf(zoneId: number, itemId: string): Promise<string> {
  const res = await post('sscitems', {
    ZoneSetupID: zoneId,
    clientCriterias: { ApplyInventoryID: true, InventoryID: itemId },
  });
  const found = res
    .json()
    .GetSSCSItemsResult.Items.filter(
      (i: { ID: string; PackSize: number }) => i.ID === itemId && i.PackSize === 1,
    );
  expect(found).toHaveLength(1);
  return String(found[0].UpdateKey);
}

/** Site rows whose newest history row does not hold the stored price (must be none). */
const historyMismatches = () =>
  q(sql`select si.site_id, si.item_id, si.unit_list::text stored, h.unit_list::text newest
    from site_items si join lateral (
      select unit_list from item_history h
      where h.site_id = si.site_id and h.item_id = si.item_id and h.pack_size = si.pack_size
      order by h.id desc limit 1) h on true
    where h.unit_list is distinct from si.unit_list`);

const summaries = () =>
  q<
    Record<string, unknown>
  >(sql`select zone_id, item_id, pack_size, unit_list::text, site_count, update_key::text,
    is_price_uniform, is_uniform from zone_items order by 1, 2, 3`);

/** The summaries must equal what a fresh computation from the site rows gives. */
async function expectSummariesFresh() {
  const stored = await summaries();
  await tdb.db.transaction((tx) => refreshZoneSummary(tx));
  expect(stored).toEqual(await summaries());
}

describe('parallel writes without UpdateKeys', () => {
  it('ten +1.00 Set Price calls on one item raise its price by 10.00', async () => {
    const before = await prices(LAYS);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => setPrice(pb.north.id, [{ ID: LAYS }], '1.00')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const after = await prices(LAYS);
    expect([...after.keys()]).toEqual([11, 12, 13]);
    for (const [site, price] of before) expect(after.get(site), `store ${site}`).toBe(plus(price, 1000));
    expect(await historyMismatches()).toEqual([]);
  });

  it('batches on overlapping items all count; zones sharing a store stay consistent', async () => {
    const items = [SPRITE, CARD, LAYS];
    const before = new Map(await Promise.all(items.map(async (i) => [i, await prices(i)] as const)));
    // Twelve batches: each takes two of the three items, so each item is in eight of them.
    const batches = Array.from({ length: 12 }, (_, n) => [items[n % 3], items[(n + 1) % 3]]);
    const answers = await Promise.all(
      batches.map((pair) =>
        setPrice(
          pb.north.id,
          pair.map((ID) => ({ ID })),
          '0.05',
        ),
      ),
    );
    // Meanwhile South changes the cola at stores 13 and 14, and North at 11, 12 and 13.
    const cola = await Promise.all([
      setPrice(pb.south.id, [{ ID: COKE }], '0.01'),
      setPrice(pb.north.id, [{ ID: COKE }], '0.01'),
      setPrice(pb.south.id, [{ ID: COKE }], '0.01'),
    ]);
    expect([...answers, ...cola].map((a) => a.statusCode)).toEqual(Array(15).fill(200));
    for (const item of items) {
      const after = await prices(item);
      for (const [site, price] of before.get(item)!) {
        expect(after.get(site), `${item} at store ${site}`).toBe(plus(price, 8 * 5));
      }
    }
    expect(await historyMismatches()).toEqual([]);
    await expectSummariesFresh();
  });
});

describe('parallel writes of different kinds', () => {
  it('grid edits and item saves beside Set Price batches lose none of the price changes', async () => {
    const before = await prices(SPRITE);
    const calls = Array.from({ length: 12 }, (_, n) => {
      if (n % 3 === 0) return setPrice(pb.north.id, [{ ID: SPRITE }], '0.05');
      if (n % 3 === 1)
        return post('submitChange', {
          ZoneSetupID: pb.north.id,
          Item: { ID: SPRITE, PackSize: 1, Description: `SPRITE GRID ${n}` },
        });
      return app.inject({
        method: 'POST',
        url: '/updateBatchItem/ann',
        headers: { cookie },
        payload: {
          ZoneSetupID: pb.north.id,
          Items: [{ operation: 'UpdateBatchItem', ID: SPRITE, PackSize: 1, Description: `SPRITE SAVE ${n}` }],
        },
      });
    });
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const after = await prices(SPRITE);
    for (const [site, price] of before) expect(after.get(site), `store ${site}`).toBe(plus(price, 4 * 5));
    expect(await historyMismatches()).toEqual([]);
    await expectSummariesFresh();
  });
});

describe('parallel writes with UpdateKeys', () => {
  it('saves exactly the batches whose keys were current; the others are 409 and change nothing', async () => {
    const items = [SPRITE, CARD, LAYS];
    const keys = new Map(
      await Promise.all(items.map(async (i) => [i, await keyOf(pb.north.id, i)] as const)),
    );
    const before = new Map(await Promise.all(items.map(async (i) => [i, await prices(i)] as const)));
    const batches = Array.from({ length: 9 }, (_, n) => [items[n % 3], items[(n + 1) % 3]]);
    const answers = await Promise.all(
      batches.map((pair) =>
        setPrice(
          pb.north.id,
          pair.map((ID) => ({ ID, UpdateKey: keys.get(ID) })),
          '1.00',
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    // All keys were current at the start, so the first batch to run saves; a batch that shares an
    // item with it then holds a stale key. Two pairs of three items always share one: one saves.
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    const saved = batches[codes.indexOf(200)];
    for (const item of items) {
      const after = await prices(item);
      const cents = saved.includes(item) ? 100 : 0;
      for (const [site, price] of before.get(item)!) {
        expect(after.get(site), `${item} at store ${site}`).toBe(plus(price, cents));
      }
    }
    expect(await historyMismatches()).toEqual([]);
    await expectSummariesFresh();
  });
});

describe('UpdateKey', () => {
  it('only grows, so a key seen before a removal is refused after it', async () => {
    const k0 = await keyOf(pb.north.id, SPRITE);
    // Store 11 alone gets a new price; then the item is removed from store 12.
    const one = await post('updateSSCSItemsPriceChange', {
      ZoneSetupID: pb.north.id,
      SelectedItems: [{ ID: SPRITE, PackSize: 1 }],
      UpdateType: 3,
      ChangeAmount: '2.29',
      Coverage: [pb.sites.s11],
    });
    expect(one.statusCode, one.body).toBe(200);
    const k1 = await keyOf(pb.north.id, SPRITE);
    const removed = await post('updateSSCSItemsPriceChange', {
      ZoneSetupID: pb.north.id,
      SelectedItems: [{ ID: SPRITE, PackSize: 1 }],
      UpdateType: 3,
      ChangeAmount: '2.29',
      Coverage: [-pb.sites.s12],
    });
    expect(removed.json().RootResults).toMatchObject({ Removed: 1 });
    const k2 = await keyOf(pb.north.id, SPRITE);
    expect(BigInt(k1)).toBeGreaterThan(BigInt(k0));
    expect(BigInt(k2)).toBeGreaterThan(BigInt(k1));

    const stale = await post('submitChange', {
      ZoneSetupID: pb.north.id,
      Item: { ID: SPRITE, PackSize: 1, UpdateKey: k0, Description: 'SPRITE STALE' },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    const fresh = await post('submitChange', {
      ZoneSetupID: pb.north.id,
      Item: { ID: SPRITE, PackSize: 1, UpdateKey: k2, Description: 'SPRITE FRESH' },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const names = await q<{ description: string }>(
      sql`select distinct description from site_items where item_id = ${SPRITE} and not deleted`,
    );
    expect(names).toEqual([{ description: 'SPRITE FRESH' }]);
  });
});
