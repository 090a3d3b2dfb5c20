/**
 * A write of a few items reads the rows of those items only, by key, on kept (generic) plans too:
 * - the zone's base rows: joined to the written values alone, the planner read every base row of
 *   the zone into a hash where the tables had no statistics (PGlite never analyzes by itself; a
 *   20-item write on the demo's zones of 2,800 items: 2.6 of a 4 ms statement);
 * - the own rows, where the write refreshes the summary of another zone holding a store it reached
 *   (a zone sharing a store): with statistics, the planner read every own row into a hash.
 * Counted with the transaction's own table statistics (pg_stat_xact_user_tables).
 *
 * Zone A: stores 1 and 2 (their base zone); zone B: stores 2 and 3 (store 3's base zone is B).
 * Store 1 keeps own rows of 2,000 items the writes do not name.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind, type TestDatabase } from '../../../test/support/database';
import { buildSite, buildSiteItems, buildUser, buildZone } from '../../../test/support/factories';
import { pgArray } from '../../db/arrays';
import { type Executor, rows } from '../../db/client';
import { settleBaseRows } from './layers';
import { refreshZoneSummary } from './summary';
import { writeSiteItems } from './write';
import { beginWrite } from './write-scope';

let tdb: TestDatabase;
let userId: number;
let zoneA: number;
let zoneB: number;
const ITEMS = 3000;
const idOf = (n: number) => `KU${String(n).padStart(5, '0')}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const s: number[] = [];
  for (const siteNo of [961, 962, 963]) s.push((await buildSite(tdb.db, { siteNo })).id);
  zoneA = (await buildZone(tdb.db, { zoneNo: 96, siteIds: [s[0], s[1]] })).id;
  zoneB = (await buildZone(tdb.db, { zoneNo: 97, siteIds: [s[1], s[2]] })).id;
  userId = (await buildUser(tdb.db, { userName: 'keyed', zoneIds: [zoneA, zoneB] })).id;
  await buildSiteItems(
    tdb.db,
    s.map((siteId) => ({ siteId, itemId: idOf(0), unitList: '1.00' })),
  );
  // The other items: copies of the first one's rows.
  await tdb.db.execute(sql`insert into items (item_id, pack_size)
    select ${'KU'} || lpad(g::text, 5, '0'), 1 from generate_series(1, ${ITEMS - 1}) g`);
  await tdb.db.execute(sql`insert into site_exceptions (site_id, item_id, pack_size, description, dept, sub,
      inv_type, unit_list, unit_cost)
    select e.site_id, ${'KU'} || lpad(g::text, 5, '0'), 1, e.description, e.dept, e.sub, e.inv_type,
      e.unit_list, e.unit_cost
    from site_exceptions e cross join generate_series(1, ${ITEMS - 1}) g where e.item_id = ${idOf(0)}`);
  await settleBaseRows(tdb.db);
  await tdb.db.execute(sql`insert into site_exceptions select * from site_items
    where site_id = ${s[0]} and item_id >= ${idOf(1000)}`);
  await tdb.db.execute(sql`update site_exceptions set description = 'STORE 1 OWN' where site_id = ${s[0]}`);
  await refreshZoneSummary(tdb.db);
}, 120_000);
afterAll(() => tdb?.drop());

/** The rows of a table this transaction has read so far, by any scan. */
const rowsRead = async (ex: Executor, table: string) =>
  (
    await rows<{ n: number }>(
      ex,
      sql`select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as n
        from pg_stat_xact_user_tables where relname = ${table}`,
    )
  )[0].n;

/**
 * A Set Price of the items in the zone, twice in one transaction on kept plans (planned generic
 * once, then run again on the kept plan): the rows of `table` the second write read.
 */
async function secondWriteReads(zoneId: number, ids: string[], table: string) {
  return tdb.db.transaction(async (tx) => {
    const scope = await beginWrite(tx, { userId, zoneId, fewItems: true });
    let read = 0;
    for (const unitList of ['2.00', '3.00']) {
      const before = await rowsRead(tx, table);
      const r = await writeSiteItems({
        ex: tx,
        scope,
        user: 'keyed',
        source: 'Test',
        zoneId,
        fields: ['unitList'],
        changes: ids.map((itemId) => ({ itemId, packSize: 1, values: { unitList } })),
        keysChecked: true,
        // What the batch reads after the lock: no own row of these items at the zone's base stores.
        ownRowsAtBase: false,
      });
      expect(r.items).toBe(ids.length);
      read = (await rowsRead(tx, table)) - before;
    }
    return read;
  });
}

const unitLists = async (zoneId: number, ids: string[]) =>
  (
    await rows<{ unit_list: string }>(
      tdb.db,
      sql`select unit_list::text from zone_items where zone_id = ${zoneId}
        and item_id = any(${pgArray(ids, 'text')}) order by item_id`,
    )
  ).map((r) => r.unit_list);

describe(`a few-item write reads its items' rows only (${dbKind})`, () => {
  for (const n of [1, 20]) {
    it(`${n} item(s) of ${ITEMS} in a zone without statistics: the base rows read stay near the items written`, async () => {
      const ids = Array.from({ length: n }, (_, i) => idOf(100 + i * 7));
      const read = await secondWriteReads(zoneA, ids, 'base_items');
      // Without the items' keys as an index condition the update read all 3,000 base rows of zone A.
      expect(read).toBeLessThan(10 * n + 50);
      expect(await unitLists(zoneA, ids)).toEqual(ids.map(() => '3.00'));
    });
  }

  for (const n of [1, 20]) {
    it(`${n} item(s) to a zone sharing a store, with statistics: the own rows read stay near the items written`, async () => {
      await tdb.db.execute(sql`analyze`);
      const ids = Array.from({ length: n }, (_, i) => idOf(300 + i * 7));
      const read = await secondWriteReads(zoneB, ids, 'site_exceptions');
      // Reading zone A's own rows of the items for its summary, the kept plan read all 2,000 own rows of store 1.
      expect(read).toBeLessThan(10 * n + 50);
      // Store 2 (zone A's base) took the price through an own row: zone A's summary shows both prices.
      expect(await unitLists(zoneB, ids)).toEqual(ids.map(() => '3.00'));
      const a = await rows<{ unit_list: string; is_uniform: boolean }>(
        tdb.db,
        sql`select unit_list::text, is_uniform from zone_items where zone_id = ${zoneA}
          and item_id = any(${pgArray(ids, 'text')})`,
      );
      expect(a.map((r) => r.is_uniform)).toEqual(ids.map(() => false));
    });
  }
});
