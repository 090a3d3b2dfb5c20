/**
 * A few-item write (BeginWrite.fewItems: a grid edit, a batch of at most FEW_ITEMS items) runs the
 * rest of its transaction on generic plans, on PostgreSQL and on PGlite, so a statement the driver
 * keeps is planned once, not on every call; the setting ends with the transaction, and any other
 * write keeps PostgreSQL's default.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind, type TestDatabase } from '../../../test/support/database';
import { buildSite, buildSiteItems, buildUser, buildZone } from '../../../test/support/factories';
import { rows } from '../../db/client';
import { readSelected } from '../item-adjust/batch-run';
import { ROW_SHAPES } from '../item-adjust/zone-rows';
import { settleBaseRows } from './layers';
import { refreshZoneSummary } from './summary';
import { beginWrite } from './write-scope';

let tdb: TestDatabase;
let userId: number;
let zoneId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const sites = [
    (await buildSite(tdb.db, { siteNo: 981 })).id,
    (await buildSite(tdb.db, { siteNo: 982 })).id,
  ];
  zoneId = (await buildZone(tdb.db, { zoneNo: 98, siteIds: sites })).id;
  userId = (await buildUser(tdb.db, { userName: 'kept', zoneIds: [zoneId] })).id;
  await buildSiteItems(
    tdb.db,
    sites.flatMap((siteId) =>
      ['KP1', 'KP2'].map((itemId) => ({ siteId, itemId, unitList: '1.00', unitCost: '0.5000' })),
    ),
  );
  await settleBaseRows(tdb.db);
  await refreshZoneSummary(tdb.db);
}, 120_000);
afterAll(() => tdb?.drop());

const planMode = async (ex: Parameters<typeof rows>[0]) =>
  (await rows<{ mode: string }>(ex, sql`select current_setting('plan_cache_mode') as mode`))[0].mode;

describe('kept plans for few-item writes', () => {
  it(`a few-item write runs on generic plans (here: ${dbKind}) until its transaction ends`, async () => {
    await tdb.db.transaction(async (tx) => {
      await beginWrite(tx, { userId, zoneId, fewItems: true });
      expect(await planMode(tx)).toBe('force_generic_plan');
    });
    expect(await planMode(tdb.db)).toBe('auto');
  });

  it('any other write keeps the default', async () => {
    await tdb.db.transaction(async (tx) => {
      await beginWrite(tx, { userId, zoneId });
      expect(await planMode(tx)).toBe('auto');
    });
  });

  it('a kept read of the selection is planned once and then reused', async () => {
    const selected = [{ ID: 'KP1', PackSize: 1 }];
    const used = await tdb.db.transaction(async (tx) => {
      await beginWrite(tx, { userId, zoneId, fewItems: true });
      for (let i = 0; i < 3; i++) {
        const r = await readSelected(tx, zoneId, selected, [], ROW_SHAPES.whole);
        expect(r.current.map((c) => c.UnitList)).toEqual(['1.00']);
      }
      // The connection's kept statements.
      return rows<{ generic: number; custom: number }>(
        tx,
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where statement like '%json_agg(json_build_array(z.zone_no%'
            and statement not like '%pg_prepared_statements%'`,
      );
    });
    expect(used).toEqual([{ generic: 3, custom: 0 }]);
  });
});
