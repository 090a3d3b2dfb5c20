/**
 * A large selection reads plain rows on PostgreSQL and one JSON value on PGlite or when small:
 * both forms give the same items and the same write facts (own rows, layout).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';
import { readSelected } from './batch-run';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie } = await openPricebookSuite());
});
afterAll(() => closeSuite({ tdb, app, pb, cookie }));

describe('readSelected', () => {
  it('gives the same rows and write facts as plain rows and as JSON, in every zone', async () => {
    for (const zone of [pb.north, pb.south]) {
      const selected = (
        await rows<{ ID: string; PackSize: number }>(
          tdb.db,
          sql`select item_id as "ID", pack_size as "PackSize" from zone_items where zone_id = ${zone.id} order by 1, 2`,
        )
      ).reverse();
      expect(selected.length).toBeGreaterThan(3);
      for (const named of [null, [], [pb.sites.s13]]) {
        const plain = await readSelected(tdb.db, zone.id, selected, named, 1);
        const json = await readSelected(tdb.db, zone.id, selected, named, Number.POSITIVE_INFINITY);
        expect(plain).toEqual(json);
        expect(plain.current.map((r) => r.ID)).toEqual(selected.map((s) => s.ID));
        expect(plain.current[0].UnitList).toMatch(/^\d+\.\d\d$/);
        if (named) expect(plain.layout.length).toBeGreaterThan(0);
      }
    }
  });

  it('refuses an item not in the zone either way', async () => {
    const selected = [{ ID: 'NOT-AN-ITEM', PackSize: 1 }];
    for (const from of [1, Number.POSITIVE_INFINITY]) {
      await expect(readSelected(tdb.db, pb.north.id, selected, null, from)).rejects.toThrow(
        /not in this zone/,
      );
    }
  });
});
