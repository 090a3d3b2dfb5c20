/**
 * Site Import's database work a page at a time (issue 27: no statement's parameters or rows hold
 * the event loop), with the same outcome as one statement (both databases).
 */
import { itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite, type PricebookSuite } from '../../../test/support/suite';
import { rows } from '../../db/client';
import type { MaintenanceAck } from '../../exchange/naxml/store-files';
import { LoopTurns } from '../../lib/loop-turns';
import type { SiteRow } from './compare';
import { recordAcks } from './invoices-acks';
import { siteRowsOf } from './site-rows';

let suite: PricebookSuite;
let tdb: TestDatabase;
let pb: Pricebook;

beforeAll(async () => {
  suite = await openPricebookSuite();
  ({ tdb, pb } = suite);
});
afterAll(() => closeSuite(suite));

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

const refusal = (n: number): MaintenanceAck['refused'][number] => ({
  table: 'ITT',
  action: 'addchange',
  itemId: String(80000000000 + n),
  packSize: 1,
  posCode: null,
  merchandiseCode: 101,
  reason: `refused ${n}`,
});

describe('recordAcks', () => {
  it('12,001 refused records (a repeat among them, a department one) are 12,000 rows, each with its reason', async () => {
    const refused = [
      ...Array.from({ length: 12_000 }, (_, n) => refusal(n)),
      { ...refusal(7), reason: 'a second refusal of item 7' },
      { ...refusal(0), table: 'MCT' as const, itemId: null },
    ];
    const ack: MaintenanceAck = {
      storeNo: 14,
      file: 'CPB014_20261126.xml',
      sha256: 'cd'.repeat(32),
      status: 'applied',
      processedAt: '2026-11-26T11:00:00.000Z',
      error: null,
      records: 20_000,
      applied: 7_998,
      refused,
    };
    const site = pb.sites.s14;
    const n = await tdb.db.transaction((tx) => recordAcks(tx, site, [{ name: 'ACK014.xml', ack }]));
    expect(n).toBe(12_002);
    const [count] = await rows<{ n: number; last: string; seven: string }>(
      tdb.db,
      sql`select count(*)::int n, max(item_id) last,
          (select reason from site_refusals where site_id = ${site} and item_id = '80000000007') seven
        from site_refusals where site_id = ${site}`,
    );
    expect(count).toEqual({ n: 12_000, last: '80000011999', seven: 'refused 7' });
  });
});
