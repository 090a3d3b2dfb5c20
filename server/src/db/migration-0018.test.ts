/**
 * Migration 0018: an own row must name a site that exists, checked once per statement (not per
 * row); deleting a site deletes its own rows. On PGlite, or on PostgreSQL with DB_KIND=postgres.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/database';
import { buildSite, buildSiteItems, buildZone } from '../../test/support/factories';
import { settleBaseRows } from '../features/pricebook/layers';
import { rows } from './client';

let tdb: TestDatabase;
let kept: number;
let gone: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  kept = (await buildSite(tdb.db, { siteNo: 181 })).id;
  gone = (await buildSite(tdb.db, { siteNo: 182 })).id;
  await buildZone(tdb.db, { zoneNo: 181, siteIds: [kept, gone] });
  await buildSiteItems(tdb.db, [
    { siteId: kept, itemId: 'M1', unitList: '1.00' },
    { siteId: gone, itemId: 'M1', unitList: '2.00' },
  ]);
  await settleBaseRows(tdb.db);
});
afterAll(() => tdb?.drop());

const ownRows = (siteId: number) =>
  rows<{ n: number }>(tdb.db, sql`select count(*)::int n from site_exceptions where site_id = ${siteId}`);
const copyTo = (siteIds: number[]) => sql`
  insert into site_exceptions (site_id, item_id, pack_size, description, inv_type, dept, sub, unit_list, unit_cost)
  select s, 'M2', 1, 'M2', 'I', 1, 1, 3.00, 1.0000 from unnest(${`{${siteIds.join(',')}}`}::int[]) s`;

describe('own rows and their sites (migration 0018)', () => {
  it('refuses a statement naming a site that does not exist, and keeps none of its rows', async () => {
    const missing = gone + 1000;
    await expect(tdb.db.execute(copyTo([kept, missing]))).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23503' }),
    });
    const [n] = await rows<{ n: number }>(
      tdb.db,
      sql`select count(*)::int n from site_exceptions where item_id = 'M2'`,
    );
    expect(n.n).toBe(0);
  });

  it('refuses to move an own row to a site that does not exist', async () => {
    await tdb.db.execute(copyTo([kept]));
    await expect(
      tdb.db.execute(
        sql`update site_exceptions set site_id = ${gone + 1000} where site_id = ${kept} and item_id = 'M2'`,
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
  });

  it('deletes a site’s own rows with the site and leaves the others', async () => {
    await tdb.db.execute(copyTo([gone]));
    expect((await ownRows(gone))[0].n).toBeGreaterThan(0);
    const [before] = await ownRows(kept);
    await tdb.db.execute(sql`delete from zone_sites where site_id = ${gone}`);
    await tdb.db.execute(sql`delete from sites where id = ${gone}`);
    expect((await ownRows(gone))[0].n).toBe(0);
    expect((await ownRows(kept))[0].n).toBe(before.n);
  });
});
