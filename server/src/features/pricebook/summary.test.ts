import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSite, buildSiteItems, buildZone } from '../../../test/support/factories';
import { rows } from '../../db/client';
import { refreshZoneSummary, zonesOfSites } from './summary';

let tdb: TestDatabase;
let zoneA: Awaited<ReturnType<typeof buildZone>>;
let zoneB: Awaited<ReturnType<typeof buildZone>>;
let s: number[];

beforeAll(async () => {
  tdb = await createTestDatabase();
  s = [];
  for (let i = 0; i < 4; i++) s.push((await buildSite(tdb.db)).id);
  // Site s[2] is in both zones.
  zoneA = await buildZone(tdb.db, { siteIds: [s[0], s[1], s[2]] });
  zoneB = await buildZone(tdb.db, { siteIds: [s[2], s[3]] });
  await buildSiteItems(tdb.db, [
    { siteId: s[0], itemId: '01234567890', unitList: '1.00', unitCost: '0.6000', description: 'COLA 12OZ' },
    { siteId: s[1], itemId: '01234567890', unitList: '1.00', unitCost: '0.6000', description: 'COLA 12OZ' },
    {
      siteId: s[2],
      itemId: '01234567890',
      unitList: '1.10',
      unitCost: '0.6000',
      description: 'COLA 12 OZ CAN',
    },
    {
      siteId: s[3],
      itemId: '01234567890',
      unitList: '1.10',
      unitCost: '0.6000',
      description: 'COLA 12 OZ CAN',
    },
    { siteId: s[0], itemId: '777', unitList: '2.49', unitCost: '0', dept: 6, sub: 1 },
  ]);
  await refreshZoneSummary(tdb.db);
});
afterAll(() => tdb.drop());

const summary = (zoneId: number, itemId: string) =>
  rows<Record<string, unknown>>(
    tdb.db,
    sql`select unit_list::text, margin::text, description, site_count, is_price_uniform, is_desc_uniform,
      is_cost_uniform, is_uniform from zone_items where zone_id = ${zoneId} and item_id = ${itemId}`,
  ).then((r) => r[0]);

describe('zone summary', () => {
  it('takes the most common value, counts the sites and flags what differs', async () => {
    expect(await summary(zoneA.id, '01234567890')).toEqual({
      unit_list: '1.00',
      margin: '40.000',
      description: 'COLA 12OZ',
      site_count: 3,
      is_price_uniform: false,
      is_desc_uniform: false,
      is_cost_uniform: true,
      is_uniform: false,
    });
  });

  it('is uniform where every site agrees', async () => {
    expect(await summary(zoneB.id, '01234567890')).toMatchObject({
      unit_list: '1.10',
      site_count: 2,
      is_uniform: true,
    });
  });

  it('gives margin 100 when the cost is zero', async () => {
    expect(await summary(zoneA.id, '777')).toMatchObject({ margin: '100.000', site_count: 1 });
    expect(await summary(zoneB.id, '777')).toBeUndefined();
  });

  it('refreshes every zone holding a changed site, and drops items removed from all its sites', async () => {
    expect(await zonesOfSites(tdb.db, [s[2]])).toEqual([zoneA.id, zoneB.id].sort((a, b) => a - b));
    await tdb.db.execute(
      sql`update site_items set unit_list = 1.00, version = version + 1 where site_id = ${s[3]}`,
    );
    await tdb.db.execute(sql`update site_items set deleted = true where item_id = '777'`);
    await refreshZoneSummary(tdb.db, {
      zoneIds: [zoneA.id, zoneB.id],
      items: [
        { itemId: '01234567890', packSize: 1 },
        { itemId: '777', packSize: 1 },
      ],
    });
    expect(await summary(zoneB.id, '01234567890')).toMatchObject({ is_price_uniform: false, site_count: 2 });
    expect(await summary(zoneA.id, '777')).toBeUndefined();
  });
});
