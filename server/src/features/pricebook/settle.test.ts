/**
 * settle(): most stores of a zone moved to one price one store at a time (each write kept own
 * rows), so the base row takes that price and the one store still reading it keeps its own; what
 * every store has, its history, the zone summary and its UpdateKey stay as they were.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSite, buildSiteItems, buildUser, buildZone } from '../../../test/support/factories';
import { writePrice } from '../../../test/support/write-price';
import { rows } from '../../db/client';
import { createServices } from '../../services';
import { VALUE_COLUMNS } from './fields';
import { settleBaseRows } from './layers';
import { settle } from './settle';
import { SETTLE_JOB } from './settle-job';
import { refreshZoneSummary } from './summary';

let tdb: TestDatabase;
let sites: number[];
let zoneId: number;
let userId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  sites = [];
  for (let n = 1; n <= 5; n++) sites.push((await buildSite(tdb.db, { siteNo: 800 + n })).id);
  zoneId = (await buildZone(tdb.db, { zoneNo: 81, siteIds: sites })).id;
  userId = (await buildUser(tdb.db, { userName: 'settler', zoneIds: [zoneId] })).id;
  await buildSiteItems(
    tdb.db,
    ['S1', 'S2'].flatMap((itemId) => sites.map((siteId) => ({ siteId, itemId, unitList: '1.00' }))),
  );
  await settleBaseRows(tdb.db);
  await refreshZoneSummary(tdb.db);
});
afterAll(() => tdb?.drop());

const q = <T>(s: ReturnType<typeof sql>) => rows<T>(tdb.db, s);
const snapshot = async () => ({
  stores: await q(sql`select site_id, item_id, unit_list::text, deleted from site_items order by 1, 2`),
  history: await q(sql`select count(*)::int n from item_history`),
  summary: await q(
    sql`select zone_id, item_id, unit_list::text, is_uniform, update_key::text from zone_items order by 1, 2`,
  ),
});
const own = (itemId: string) =>
  q<{ site_id: number; unit_list: string }>(
    sql`select site_id, unit_list::text from site_exceptions where item_id = ${itemId} order by site_id`,
  );
const base = (itemId: string) =>
  q<{ unit_list: string }>(
    sql`select unit_list::text from base_items where zone_id = ${zoneId} and item_id = ${itemId}`,
  );

describe('settle', () => {
  it('moves the base row to the price most stores hold through own rows; the rest keep theirs', async () => {
    // One store at a time: each write leaves four stores out, so each gives its store an own row.
    for (const s of sites.slice(0, 4))
      await writePrice({
        db: tdb.db,
        userId,
        zoneId,
        itemId: 'S1',
        packSize: 1,
        price: '2.00',
        coverage: [s],
      });
    // S2: two stores apart (fewer than the three reading the base row): settle leaves it.
    for (const s of sites.slice(0, 2))
      await writePrice({
        db: tdb.db,
        userId,
        zoneId,
        itemId: 'S2',
        packSize: 1,
        price: '3.00',
        coverage: [s],
      });
    expect((await own('S1')).length).toBe(4);
    const before = await snapshot();

    const r = await settle(tdb.db);
    expect(r).toEqual({ folded: 0, moved: 1, ownRowsLess: 3 });
    expect(await base('S1')).toEqual([{ unit_list: '2.00' }]);
    expect(await own('S1')).toEqual([{ site_id: sites[4], unit_list: '1.00' }]);
    expect(await base('S2')).toEqual([{ unit_list: '1.00' }]);
    expect((await own('S2')).map((o) => o.unit_list)).toEqual(['3.00', '3.00']);
    expect(await snapshot()).toEqual(before);
    // Settled already: a second run changes nothing.
    expect(await settle(tdb.db)).toEqual({ folded: 0, moved: 0, ownRowsLess: 0 });
  });

  it('folds own rows equal to their base row, keeping what stores have and the keys', async () => {
    // A repair gave store 3 an own row of S2 equal to the base row.
    await tdb.db.execute(sql`insert into site_exceptions (site_id, item_id, pack_size, ${sql.raw(VALUE_COLUMNS.join(', '))}, version)
      select ${sites[2]}, item_id, pack_size, ${sql.raw(VALUE_COLUMNS.join(', '))}, version from base_items
      where zone_id = ${zoneId} and item_id = 'S2'`);
    const before = await snapshot();
    expect(await settle(tdb.db, { zoneIds: [zoneId] })).toEqual({ folded: 1, moved: 0, ownRowsLess: 1 });
    expect(await snapshot()).toEqual(before);
  });

  it('is a scheduled job of the services; its run settles the zones it is sent', async () => {
    const services = createServices({ config: testConfig(), db: tdb.db });
    try {
      expect(await services.jobs.schedules()).toContainEqual({ name: SETTLE_JOB, cron: '17 3 * * *' });
      // S2: a third store at 3.00 makes three of five, against two reading the base row.
      await writePrice({
        db: tdb.db,
        userId,
        zoneId,
        itemId: 'S2',
        packSize: 1,
        price: '3.00',
        coverage: [sites[2]],
      });
      expect(await base('S2')).toEqual([{ unit_list: '1.00' }]);
      await services.jobs.runNow(SETTLE_JOB, { zoneIds: [zoneId] });
      expect(await base('S2')).toEqual([{ unit_list: '3.00' }]);
      expect(await own('S2')).toEqual([
        { site_id: sites[3], unit_list: '1.00' },
        { site_id: sites[4], unit_list: '1.00' },
      ]);
    } finally {
      await services.stopWorkers();
    }
  });
});
