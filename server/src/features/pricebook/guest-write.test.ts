/**
 * A whole-zone write to a zone holding a store whose base zone is another one (issue 26, zones
 * that share a store): the store takes the written values through own rows (a new one where it
 * read its base row, its own one where it had one, none where it removed the item or never
 * carried it), one history row per store written, and its own rows fold away when they equal its
 * base row again. Both ways of reading the stores' rows (a few items one by one, many joined) and
 * with and without the facts the batch reads after the lock (loadForWrite).
 *
 * Zone A: stores 1, 2 and 3 (their base zone); zone B: stores 3 and 4 (store 4's base zone is B).
 * Per item set: item 1 store 3 removed; item 2 store 3 has a description of its own; item 3 only
 * store 4 carries; the others every store carries at 1.00.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSite, buildSiteItems, buildUser, buildZone } from '../../../test/support/factories';
import { summaryFromSiteRows } from '../../../test/support/summary-from-rows';
import { rows } from '../../db/client';
import { loadForWrite } from '../item-adjust/batch-run';
import { settleBaseRows } from './layers';
import { refreshZoneSummary } from './summary';
import { writeSiteItems } from './write';
import { beginWrite, FEW_ITEMS } from './write-scope';

let tdb: TestDatabase;
let userId: number;
let s: number[];
let zoneA: number;
let zoneB: number;

/** Item sets: few items (read one by one) and more than FEW_ITEMS (joined); with or without facts. */
const SETS = [
  { name: 'a few items', prefix: 'GF', n: 5, facts: true },
  { name: 'a few items, no facts', prefix: 'GN', n: 5, facts: false },
  { name: 'many items', prefix: 'GM', n: FEW_ITEMS + 5, facts: true },
  { name: 'many items, no facts', prefix: 'GX', n: FEW_ITEMS + 5, facts: false },
];
const idsOf = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  tdb = await createTestDatabase();
  s = [];
  for (let n = 1; n <= 4; n++) s.push((await buildSite(tdb.db, { siteNo: 970 + n })).id);
  zoneA = (await buildZone(tdb.db, { zoneNo: 91, siteIds: s.slice(0, 3) })).id;
  zoneB = (await buildZone(tdb.db, { zoneNo: 92, siteIds: s.slice(2, 4) })).id;
  userId = (await buildUser(tdb.db, { userName: 'guest', zoneIds: [zoneA, zoneB] })).id;
  for (const set of SETS) {
    const ids = idsOf(set.prefix, set.n);
    await buildSiteItems(
      tdb.db,
      ids.flatMap((itemId, i) =>
        (i === 2 ? [s[3]] : s).map((siteId) => ({
          siteId,
          itemId,
          unitList: '1.00',
          description: i === 1 && siteId === s[2] ? 'STORE 3 OWN' : `ITEM ${itemId}`,
        })),
      ),
    );
  }
  await settleBaseRows(tdb.db);
  // Store 3 removed item 1 of each set.
  const firsts = `{${SETS.map((x) => `${x.prefix}01`).join(',')}}`;
  await tdb.db.execute(sql`insert into site_exceptions select * from site_items
    where site_id = ${s[2]} and item_id = any(${firsts}::text[])`);
  await tdb.db.execute(sql`update site_exceptions set deleted = true
    where site_id = ${s[2]} and item_id = any(${firsts}::text[])`);
  await refreshZoneSummary(tdb.db);
}, 120_000);
afterAll(() => tdb?.drop());

async function setPrice(zoneId: number, ids: string[], unitList: string, facts: boolean) {
  await tdb.db.transaction(async (tx) => {
    const scope = await beginWrite(tx, { userId, zoneId });
    const read = facts
      ? await loadForWrite(
          tx,
          zoneId,
          ids.map((ID) => ({ ID, PackSize: 1 })),
        )
      : undefined;
    await writeSiteItems({
      ex: tx,
      scope,
      user: 'guest',
      source: 'Set Price',
      zoneId,
      fields: ['unitList'],
      changes: ids.map((itemId) => ({ itemId, packSize: 1, values: { unitList } })),
      ownRows: read?.ownRows,
      ownRowsAtBase: read?.ownRowsAtBase,
      layout: read?.layout,
    });
  });
}

/** Store 3's own rows of the items: item, price, description, removed. */
const store3Own = (ids: string[]) =>
  rows<{ item_id: string; unit_list: string; description: string; deleted: boolean }>(
    tdb.db,
    sql`select item_id, unit_list::text, description, deleted from site_exceptions
      where site_id = ${s[2]} and item_id = any(${`{${ids.join(',')}}`}::text[]) order by item_id`,
  );
/** What every store has of the items (site_items): store, item, price. */
const storeRows = (ids: string[]) =>
  rows<{ site_id: number; item_id: string; unit_list: string }>(
    tdb.db,
    sql`select site_id, item_id, unit_list::text from site_items
      where not deleted and item_id = any(${`{${ids.join(',')}}`}::text[]) order by item_id, site_id`,
  );
const historyOf = (ids: string[], price: string) =>
  rows<{ site_id: number; n: number }>(
    tdb.db,
    sql`select site_id, count(*)::int n from item_history
      where item_id = any(${`{${ids.join(',')}}`}::text[]) and unit_list = ${price}::numeric
      group by site_id order by site_id`,
  );

async function expectFreshSummary(ids: string[]) {
  const read = () =>
    rows<Record<string, unknown>>(
      tdb.db,
      sql`select zone_id, item_id, unit_list::text, description, site_count, is_price_uniform, is_desc_uniform, is_uniform
        from zone_items where item_id = any(${`{${ids.join(',')}}`}::text[]) order by 1, 2`,
    );
  const stored = await read();
  await summaryFromSiteRows(
    tdb.db,
    ids.map((itemId) => ({ itemId, packSize: 1 })),
  );
  expect(stored).toEqual(await read());
}

describe.each(SETS)('a whole-zone write to a zone sharing a store, $name', ({ prefix, n, facts }) => {
  const ids = idsOf(prefix, n);
  const [removed, local, onlyB, ...plain] = ids;

  it('gives the shared store own rows with the written values, one history row per store written', async () => {
    await setPrice(zoneB, ids, '1.25', facts);
    expect(await store3Own(ids)).toEqual([
      { item_id: removed, unit_list: '1.00', description: `ITEM ${removed}`, deleted: true },
      { item_id: local, unit_list: '1.25', description: 'STORE 3 OWN', deleted: false },
      ...plain.map((item_id) => ({
        item_id,
        unit_list: '1.25',
        description: `ITEM ${item_id}`,
        deleted: false,
      })),
    ]);
    const want = ids.flatMap((item_id) => {
      const at = item_id === onlyB ? [s[3]] : item_id === removed ? [s[0], s[1], s[3]] : s;
      const zoneBStore = (site: number) => site === s[2] || site === s[3];
      return at.map((site_id) => ({ site_id, item_id, unit_list: zoneBStore(site_id) ? '1.25' : '1.00' }));
    });
    const byItemSite = (a: { site_id: number; item_id: string }, b: { site_id: number; item_id: string }) =>
      a.item_id.localeCompare(b.item_id) || a.site_id - b.site_id;
    expect(await storeRows(ids)).toEqual(want.sort(byItemSite));
    // Store 3: every item it carries but the removed one and the one it never had; store 4: all.
    expect(await historyOf(ids, '1.25')).toEqual([
      { site_id: s[2], n: n - 2 },
      { site_id: s[3], n },
    ]);
    await expectFreshSummary(ids);
  });

  it('folds the shared store back onto its base row when the values agree again', async () => {
    await setPrice(zoneB, ids, '1.00', facts);
    expect(await store3Own(ids)).toEqual([
      { item_id: removed, unit_list: '1.00', description: `ITEM ${removed}`, deleted: true },
      { item_id: local, unit_list: '1.00', description: 'STORE 3 OWN', deleted: false },
    ]);
    for (const price of ['1.25', '1.00'])
      expect(await historyOf(ids, price)).toEqual([
        { site_id: s[2], n: n - 2 },
        { site_id: s[3], n },
      ]);
    await expectFreshSummary(ids);
  });
});
