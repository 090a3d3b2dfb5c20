import { displayMargin, fromMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSiteItems, buildZone } from '../../../test/support/factories';
import { rows } from '../../db/client';
import { refreshZoneSummary } from './summary';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

/**
 * The summary keeps the margin in SQL so searches can filter on it; this proves the SQL formula
 * gives exactly the domain's displayMargin (the rule's one definition: blank for an expense
 * item's negative margin) for any list, cost and inventory type.
 */
describe('zone summary margin', () => {
  it('equals the domain margin for any list, cost and type', async () => {
    const pairs = fc.sample(
      fc.tuple(fc.bigInt({ min: 0n, max: 9_999_999n }), fc.bigInt({ min: 0n, max: 99_999_999n })),
      { numRuns: 300, seed: 1121 },
    );
    pairs.push([0n, 0n], [100n, 0n], [0n, 12_345n], [199n, 19_900n], [1n, 99_999_999n], [100n, 10_001n]);
    const TYPES = ['I', 'S', 'X'] as const;
    const typeOf = (i: number) => TYPES[i % 3];
    const zone = await buildZone(tdb.db);
    await buildSiteItems(
      tdb.db,
      pairs.map(([list, cost], i) => ({
        siteId: zone.siteIds[0],
        itemId: `M${String(i).padStart(5, '0')}`,
        unitList: fromMinor(list, 2),
        unitCost: fromMinor(cost, 4),
        invType: typeOf(i),
      })),
    );
    await refreshZoneSummary(tdb.db, { zoneIds: [zone.id] });
    const found = await rows<{ item_id: string; margin: string }>(
      tdb.db,
      sql`select item_id, margin::text from zone_items where zone_id = ${zone.id} order by item_id`,
    );
    expect(found.map((r) => r.margin)).toEqual(
      pairs.map(([list, cost], i) =>
        displayMargin({ list: fromMinor(list, 2), cost: fromMinor(cost, 4), invType: typeOf(i) }),
      ),
    );
    // The sample holds expense items with a negative margin, shown blank.
    expect(found.some((r, i) => typeOf(i) === 'X' && r.margin === null)).toBe(true);
  });
});
