/** The site's rows of a store file's items, read a page of keys at a time (both databases). */
import { itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildPricebook, type Pricebook } from '../../../test/support/pricebook-fixture';
import { rows } from '../../db/client';
import { LoopTurns } from '../../lib/loop-turns';
import type { SiteRow } from './compare';
import { siteRowsOf } from './site-rows';

let tdb: TestDatabase;
let pb: Pricebook;

beforeAll(async () => {
  tdb = await createTestDatabase();
  pb = await buildPricebook(tdb.db);
});
afterAll(() => tdb?.drop());

describe('siteRowsOf', () => {
  it('finds every named item the site carries, across pages, and nothing else', async () => {
    const site = pb.sites.s13;
    const all = await rows<SiteRow>(
      tdb.db,
      sql`select item_id, pack_size, description, receipt_description, dept, sub, unit_list::text as unit_list,
          tax_group_id, active, inv_type from site_items where site_id = ${site} and not deleted`,
    );
    expect(all.length).toBeGreaterThan(4);
    const keys = [
      ...all.map((r) => ({ itemId: r.item_id, packSize: r.pack_size })),
      { itemId: '99999999999', packSize: 1 },
      { itemId: all[0].item_id, packSize: all[0].pack_size },
    ];
    const want = new Map(all.map((r) => [itemKey(r.item_id, r.pack_size), r]));
    for (const page of [1, 2, 3, 1_000]) {
      const got = await siteRowsOf(tdb.db, site, keys, new LoopTurns(), page);
      expect(got).toEqual(want);
    }
    const some = await siteRowsOf(tdb.db, site, keys.slice(1, 3), new LoopTurns(), 1);
    expect([...some.keys()]).toEqual(keys.slice(1, 3).map((k) => itemKey(k.itemId, k.packSize)));
  });
});
