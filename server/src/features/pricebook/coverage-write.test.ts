/**
 * A coverage write (issue 26): the zone summary it leaves equals a fresh recomputation from every
 * store's row (ties, removed stores, a second zone sharing stores, a row that does not keep
 * others_uniform), and a store has its own row only where it differs from the base row, with one
 * history row per store written.
 *
 * Zone A: stores 1-5 (their base zone); zone B: stores 4, 5 and 6 (store 6's base zone is B);
 * zone C: stores 4 and 5, so a whole-zone write to A reaches every store of it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSite, buildSiteItems, buildUser, buildZone } from '../../../test/support/factories';
import { summaryFromSiteRows } from '../../../test/support/summary-from-rows';
import { rows } from '../../db/client';
import { settleBaseRows } from './layers';
import { refreshZoneSummary } from './summary';
import { type WriteRequest, writeSiteItems } from './write';
import { beginWrite } from './write-scope';

let tdb: TestDatabase;
let userId: number;
let s: number[];
let zoneA: number;
let zoneB: number;
let zoneC: number;

/** Prices per store 1-6 (null: the store does not carry the item). */
const PRICES: Record<string, Array<string | null>> = {
  CW1: ['1.00', '1.00', '1.00', '1.00', '1.00', '1.00'],
  // 1.00 and 2.00 as common in zone A: the summary takes the least.
  CW2: ['1.00', '1.00', '2.00', '2.00', '3.00', '3.00'],
  CW3: ['4.00', '4.00', '4.00', '4.00', '4.00', null],
  // Uniform: coverage writes set its summary from the count of stores written (summary-coverage.ts).
  CW4: ['2.00', '2.00', '2.00', '2.00', '2.00', '2.00'],
};
const ITEMS = Object.keys(PRICES);

beforeAll(async () => {
  tdb = await createTestDatabase();
  s = [];
  for (let n = 1; n <= 6; n++) s.push((await buildSite(tdb.db, { siteNo: 960 + n })).id);
  zoneA = (await buildZone(tdb.db, { zoneNo: 96, siteIds: s.slice(0, 5) })).id;
  zoneB = (await buildZone(tdb.db, { zoneNo: 97, siteIds: s.slice(3, 6) })).id;
  zoneC = (await buildZone(tdb.db, { zoneNo: 98, siteIds: s.slice(3, 5) })).id;
  userId = (await buildUser(tdb.db, { userName: 'cover', zoneIds: [zoneA, zoneB, zoneC] })).id;
  await buildSiteItems(
    tdb.db,
    ITEMS.flatMap((itemId) =>
      PRICES[itemId].flatMap((unitList, i) =>
        unitList
          ? [{ siteId: s[i], itemId, unitList, unitCost: '0.5000', description: `ITEM ${itemId}` }]
          : [],
      ),
    ),
  );
  await settleBaseRows(tdb.db);
  // Store 2 removed CW3 (a removed row stays removed and does not count).
  await tdb.db.execute(
    sql`insert into site_exceptions select * from site_items where site_id = ${s[1]} and item_id = 'CW3'`,
  );
  await tdb.db.execute(
    sql`update site_exceptions set deleted = true where site_id = ${s[1]} and item_id = 'CW3'`,
  );
  await refreshZoneSummary(tdb.db);
}, 120_000);
afterAll(() => tdb?.drop());

async function setPrices(
  zoneId: number,
  prices: Record<string, string>,
  coverage: number[] | null,
  flagsBefore?: WriteRequest['flagsBefore'],
) {
  await tdb.db.transaction(async (tx) => {
    const scope = await beginWrite(tx, { userId, zoneId, siteIds: coverage ?? undefined });
    await writeSiteItems({
      ex: tx,
      scope,
      user: 'cover',
      source: 'Set Price',
      zoneId,
      fields: ['unitList'],
      changes: Object.entries(prices).map(([itemId, unitList]) => ({
        itemId,
        packSize: 1,
        values: { unitList },
      })),
      coverage,
      flagsBefore,
    });
  });
}

const readSummary = () =>
  rows<Record<string, unknown>>(
    tdb.db,
    sql`select zone_id, item_id, description, unit_list::text, unit_cost::text, margin::text, site_count,
      is_price_uniform, is_cost_uniform, is_desc_uniform, is_dept_sub_uniform, is_uniform, others_uniform,
      update_key::text from zone_items where item_id = any(${`{${ITEMS.join(',')}}`}::text[]) order by 1, 2`,
  );

/** The stored summary equals a recomputation from every store's row; its keys are not below the rows'. */
async function expectFreshSummary() {
  const stored = await readSummary();
  await summaryFromSiteRows(
    tdb.db,
    ITEMS.map((itemId) => ({ itemId, packSize: 1 })),
  );
  const fresh = await readSummary();
  const noKey = (r: Record<string, unknown>[]) => r.map(({ update_key, ...rest }) => rest);
  expect(noKey(stored)).toEqual(noKey(fresh));
  for (const [i, r] of stored.entries())
    expect(BigInt(r.update_key as string) >= BigInt(fresh[i].update_key as string)).toBe(true);
  for (const r of stored) {
    await tdb.db.execute(
      sql`update zone_items set update_key = ${r.update_key as string}::bigint
        where zone_id = ${r.zone_id as number} and item_id = ${r.item_id as string} and pack_size = 1`,
    );
  }
  return stored;
}

const ownRows = (itemId: string) =>
  rows<{ site_id: number; unit_list: string; deleted: boolean }>(
    tdb.db,
    sql`select site_id, unit_list::text, deleted from site_exceptions where item_id = ${itemId} order by site_id`,
  );
const historyCount = (itemId: string) =>
  rows<{ site_id: number; n: number }>(
    tdb.db,
    sql`select site_id, count(*)::int n from item_history where item_id = ${itemId} group by site_id order by site_id`,
  );

describe('a coverage write', () => {
  it('leaves the summary of both zones equal to a recomputation from the stores', async () => {
    const before = await readSummary();
    await setPrices(zoneA, { CW1: '1.10', CW2: '2.00', CW3: '4.50' }, [s[0], s[1], s[3]]);
    const after = await expectFreshSummary();
    const row = (z: number, i: string) => after.find((r) => r.zone_id === z && r.item_id === i);
    // Zone A, CW2: stores 1, 2, 4 at 2.00, store 3 at 2.00, store 5 at 3.00.
    expect(row(zoneA, 'CW2')).toMatchObject({ unit_list: '2.00', is_price_uniform: false, site_count: 5 });
    // Zone A, CW3: store 2 removed it, so 1 and 4 at 4.50 against 3 and 5 at 4.00: the least.
    expect(row(zoneA, 'CW3')).toMatchObject({ unit_list: '4.00', site_count: 4, is_price_uniform: false });
    expect(row(zoneB, 'CW1')).toMatchObject({ unit_list: '1.00', is_price_uniform: false, site_count: 3 });
    for (const r of after.filter((x) => x.item_id !== 'CW4')) {
      const was = before.find((b) => b.zone_id === r.zone_id && b.item_id === r.item_id);
      expect(BigInt(r.update_key as string) > BigInt(was?.update_key as string), `${r.item_id}`).toBe(true);
    }
  });

  it('refreshes a summary row that does not keep whether its other fields agree', async () => {
    await tdb.db.execute(
      sql`update zone_items set others_uniform = null where zone_id = ${zoneA} and item_id = 'CW1'`,
    );
    await setPrices(zoneA, { CW1: '1.20' }, [s[2]]);
    const after = await expectFreshSummary();
    expect(after.find((r) => r.zone_id === zoneA && r.item_id === 'CW1')).toMatchObject({
      others_uniform: true,
      unit_list: '1.10',
    });
  });

  it('a whole-zone write refreshes a summary row whose overall flag it cannot tell from the kept ones', async () => {
    // Kept flags all true, the overall flag false and no note of the other fields: only the
    // stores can tell, so the write recomputes the row (the recomputation says uniform).
    await tdb.db.execute(
      sql`update zone_items set is_uniform = false, others_uniform = null where zone_id = ${zoneB} and item_id = 'CW3'`,
    );
    await setPrices(zoneB, { CW3: '4.25' }, null);
    const after = await expectFreshSummary();
    expect(after.find((r) => r.zone_id === zoneB && r.item_id === 'CW3')).toMatchObject({
      unit_list: '4.25',
      is_price_uniform: true,
      is_uniform: true,
      others_uniform: true,
    });
  });

  it('gives a store its own row only while it differs from the base row, one history row per write', async () => {
    await setPrices(zoneA, { CW1: '1.00' }, null);
    expect(await ownRows('CW1')).toEqual([]);
    const history = await historyCount('CW1');

    // One store of five: it alone gets an own row, with the new price and one history row.
    await setPrices(zoneA, { CW1: '1.30' }, [s[0]]);
    expect(await ownRows('CW1')).toEqual([{ site_id: s[0], unit_list: '1.30', deleted: false }]);
    const counted = await historyCount('CW1');
    const added = counted.map((h) => h.n - (history.find((x) => x.site_id === h.site_id)?.n ?? 0));
    expect(counted.map((h) => h.site_id).filter((_, i) => added[i] > 0)).toEqual([s[0]]);
    expect(Math.max(...added)).toBe(1);
    await expectFreshSummary();

    // Four of five: the base row moves, store 5 keeps 1.00 as its own row; store 1 reads the base again.
    await setPrices(zoneA, { CW1: '1.30' }, s.slice(0, 4));
    expect(await ownRows('CW1')).toEqual([{ site_id: s[4], unit_list: '1.00', deleted: false }]);
    await expectFreshSummary();

    // Store 5 alone to the zone's price: equal to the base row again, no own row left.
    await setPrices(zoneA, { CW1: '1.30' }, [s[4]]);
    expect(await ownRows('CW1')).toEqual([]);
    await expectFreshSummary();
  });

  it('sets the summary of a written field from the stores it reached, or from the majority reading the base row', async () => {
    const cw4 = async () =>
      (await expectFreshSummary()).find((r) => r.zone_id === zoneA && r.item_id === 'CW4');
    // One store of five: the other four keep the zone's value.
    await setPrices(zoneA, { CW4: '2.10' }, [s[0]]);
    expect(await cw4()).toMatchObject({ unit_list: '2.00', is_price_uniform: false, is_uniform: false });
    await setPrices(zoneA, { CW4: '2.00' }, null);
    // Three of five (stores 4 and 5 also in zone B): the written value is the more common one.
    await setPrices(zoneA, { CW4: '2.20' }, s.slice(0, 3));
    expect(await cw4()).toMatchObject({ unit_list: '2.20', is_price_uniform: false, margin: '77.273' });
    // The same value at the other two: uniform again, every store at 2.20.
    await setPrices(zoneA, { CW4: '2.20' }, s.slice(3, 5));
    expect(await cw4()).toMatchObject({ unit_list: '2.20', is_price_uniform: true, is_uniform: true });
    // Store 5 with its own cost: after a store moved away and back, the price is uniform again
    // although store 5 keeps an own row (the majority reading the base row decides, summary-coverage.ts).
    await tdb.db.execute(
      sql`insert into site_exceptions select * from site_items where site_id = ${s[4]} and item_id = 'CW4'`,
    );
    await tdb.db.execute(
      sql`update site_exceptions set unit_cost = 0.6 where site_id = ${s[4]} and item_id = 'CW4'`,
    );
    await refreshZoneSummary(tdb.db, { items: [{ itemId: 'CW4', packSize: 1 }] });
    await setPrices(zoneA, { CW4: '2.30' }, [s[0]]);
    expect(await cw4()).toMatchObject({ unit_list: '2.20', is_price_uniform: false });
    await setPrices(zoneA, { CW4: '2.20' }, [s[0]]);
    expect(await cw4()).toMatchObject({ unit_list: '2.20', is_price_uniform: true, is_cost_uniform: false });
    // Store 2 removes it, then two of the four stores left carry a new price: a tie, the least.
    await tdb.db.execute(
      sql`insert into site_exceptions select * from site_items where site_id = ${s[1]} and item_id = 'CW4'`,
    );
    await tdb.db.execute(
      sql`update site_exceptions set deleted = true where site_id = ${s[1]} and item_id = 'CW4'`,
    );
    await refreshZoneSummary(tdb.db, { items: [{ itemId: 'CW4', packSize: 1 }] });
    await setPrices(zoneA, { CW4: '2.30' }, [s[0], s[1], s[2]]);
    expect(await cw4()).toMatchObject({ unit_list: '2.20', site_count: 4, is_price_uniform: false });
  });

  it("counts the covered stores out of the base row's readers when the base row does not move", async () => {
    const cw1 = async () =>
      (await expectFreshSummary()).find((r) => r.zone_id === zoneA && r.item_id === 'CW1');
    await setPrices(zoneA, { CW1: '1.00' }, null);
    await setPrices(zoneA, { CW1: '1.20' }, [s[4]]);
    // Two of five: as many left-out stores read the base row as covered ones would, so it stays.
    // Stores 1-2 at 0.90, 3-4 at 1.00 (the base row), 5 at 1.20: no majority reads the base row,
    // and the tie takes the least.
    await setPrices(zoneA, { CW1: '0.90' }, [s[0], s[1]]);
    expect(await ownRows('CW1')).toEqual([
      { site_id: s[0], unit_list: '0.90', deleted: false },
      { site_id: s[1], unit_list: '0.90', deleted: false },
      { site_id: s[4], unit_list: '1.20', deleted: false },
    ]);
    expect(await cw1()).toMatchObject({ unit_list: '0.90', is_price_uniform: false });
  });

  it("takes the caller's note of the summary flags before the write as a hint only", async () => {
    const all = (v: boolean) => () => ({
      is_price_uniform: v,
      is_cost_uniform: v,
      is_dept_sub_uniform: v,
      is_desc_uniform: v,
    });
    await setPrices(zoneA, { CW1: '1.00' }, null);
    // Uniform, but noted as not: set from the majority reading the base row instead.
    await setPrices(zoneA, { CW1: '1.40' }, [s[0]], all(false));
    const cw1 = (r: Record<string, unknown>[]) => r.find((x) => x.zone_id === zoneA && x.item_id === 'CW1');
    expect(cw1(await expectFreshSummary())).toMatchObject({ unit_list: '1.00', is_price_uniform: false });
    // Not uniform, but noted as uniform: the count step checks the flags itself.
    await setPrices(zoneA, { CW1: '1.00' }, [s[0]], all(true));
    expect(cw1(await expectFreshSummary())).toMatchObject({ unit_list: '1.00', is_price_uniform: true });
  });

  it('sets the summary of a zone whose every store a whole-zone write reached, where only the stores tell its overall flag', async () => {
    // Every store of zone A reads the base row of CW4 (no own row left by the tests above); zone C
    // reads zone A's base rows only. Its row of CW4 says not uniform and does not keep whether the
    // other fields agree: the write recomputes it (the stores agree on every field).
    await tdb.db.execute(sql`delete from site_exceptions where item_id = 'CW4'`);
    await refreshZoneSummary(tdb.db, { items: [{ itemId: 'CW4', packSize: 1 }] });
    await tdb.db.execute(
      sql`update zone_items set is_uniform = false, others_uniform = null where zone_id = ${zoneC} and item_id = 'CW4'`,
    );
    await setPrices(zoneA, { CW4: '2.45' }, null);
    expect(await ownRows('CW4')).toEqual([]);
    const after = await expectFreshSummary();
    expect(after.find((r) => r.zone_id === zoneC && r.item_id === 'CW4')).toMatchObject({
      unit_list: '2.45',
      site_count: 2,
      is_price_uniform: true,
      is_uniform: true,
      others_uniform: true,
    });
  });

  it('writes a covered store of an item the zone keeps no base row of (own rows at every store)', async () => {
    await tdb.db.execute(sql`insert into site_exceptions select * from site_items
      where item_id = 'CW1' and site_id = any(${`{${s.slice(0, 5).join(',')}}`}::int[])
      on conflict do nothing`);
    await tdb.db.execute(sql`delete from base_items where zone_id = ${zoneA} and item_id = 'CW1'`);
    await setPrices(zoneA, { CW1: '1.55' }, [s[2]]);
    expect((await ownRows('CW1')).find((r) => r.site_id === s[2])).toEqual({
      site_id: s[2],
      unit_list: '1.55',
      deleted: false,
    });
    await expectFreshSummary();
  });
});
