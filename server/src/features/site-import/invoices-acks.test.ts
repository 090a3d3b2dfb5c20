/** An acknowledgement's refused records are kept whole however many pages they take (both databases). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildPricebook, type Pricebook } from '../../../test/support/pricebook-fixture';
import { rows } from '../../db/client';
import type { MaintenanceAck } from '../../exchange/naxml/store-files';
import { recordAcks } from './invoices-acks';

let tdb: TestDatabase;
let pb: Pricebook;

beforeAll(async () => {
  tdb = await createTestDatabase();
  pb = await buildPricebook(tdb.db);
});
afterAll(() => tdb?.drop());

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
