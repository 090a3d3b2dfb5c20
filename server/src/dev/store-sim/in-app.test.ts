import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { writePrice } from '../../../test/support/write-price';
import { distributeSelected } from '../../features/distribution/selected';
import { DEMO_DRIFT, startDemoStores } from './in-app';
import type { StoreSimRunner } from './runner';

let tdb: TestDatabase;
let pb: Pricebook;
let sitesDir: string;
let suite: Awaited<ReturnType<typeof openPricebookSuite>>;
let runner: StoreSimRunner | null = null;
const quiet = { info() {}, warn() {} };

beforeAll(async () => {
  suite = await openPricebookSuite({ sitesDir: true });
  ({ tdb, pb, sitesDir } = suite);
  await tdb.db.execute(sql`insert into negotiated_cost_headers (zone_id, vendor_id, label, cost, effective_date, expiration_date)
    values (${pb.north.id}, 'COREMARK', 'Promo', 0.5, '2026-01-01', '2027-01-01')`);
  await tdb.db.execute(sql`insert into negotiated_cost_items (header_id, item_id, pack_size)
    select id, '04900000044', 1 from negotiated_cost_headers where label = 'Promo'`);
});
afterAll(async () => {
  await runner?.stop();
  await closeSuite(suite);
});

/** The Distribute to Sites preview (modifications only) of the given stores, as the page asks for it. */
async function previewModsOnly(sitenos: string): Promise<{ SiteNo: number; ID: string }[]> {
  const res = await suite.app.inject({
    method: 'POST',
    url: '/hbsreport/dts/preview/ann',
    headers: { cookie: suite.cookie },
    payload: { sitenos, bModsOnly: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().RootResults;
}

const folder = (siteNo: number, sub = '') => path.join(sitesDir, String(siteNo).padStart(3, '0'), sub);
const files = (siteNo: number, sub: string) =>
  fs.existsSync(folder(siteNo, sub))
    ? fs.readdirSync(folder(siteNo, sub)).filter((f) => !f.startsWith('.'))
    : [];
const register = (siteNo: number) =>
  JSON.parse(fs.readFileSync(folder(siteNo, 'store-sim.json'), 'utf8')) as {
    items: { itemId: string; unitList: string }[];
  };

describe('the demo stores inside the app', () => {
  it("gives every site a register holding the site's rows, and exports nothing while nothing changes", async () => {
    // Before: North's Sprite price changed and nothing was distributed, so it is pending at 11 and 12.
    await writePrice({
      db: tdb.db,
      userId: pb.user.id,
      zoneId: pb.north.id,
      itemId: '04900000045',
      packSize: 1,
      price: '1.79',
    });
    expect((await previewModsOnly('11,12')).map((r) => [r.SiteNo, r.ID])).toEqual([
      [11, '04900000045'],
      [12, '04900000045'],
    ]);
    runner = await startDemoStores({ db: tdb.db, sitesDir, intervalMs: 3_600_000, fresh: false, log: quiet });
    // The registers hold the stores' rows: the stores are in sync, nothing is pending for them.
    expect(await previewModsOnly('11,12')).toEqual([]);
    await runner.runNow();
    // Store 12 carries Sprite 20oz at 1.79 in the fixture.
    const sprite = register(12).items.find((i) => i.itemId === '04900000045');
    expect(sprite?.unitList).toBe('1.79');
    expect(files(12, 'from-site')).toEqual([]);
    await runner.stop();
  });

  it('makes drift and invoices on the first pass after the demo was loaded', async () => {
    runner = await startDemoStores({ db: tdb.db, sitesDir, intervalMs: 3_600_000, fresh: true, log: quiet });
    await runner.runNow();
    // The fixture's five stores (11-15) each export what drifted.
    for (const siteNo of [11, 12, 13, 14, 15]) {
      expect(fs.existsSync(folder(siteNo, 'store-sim.json')), `store ${siteNo}`).toBe(true);
      expect(files(siteNo, 'from-site').filter((f) => /^ITT\d{3}\d{14}\.xml$/.test(f)).length).toBe(1);
    }
    // Its first export is an update holding only the drifted records (1 to DEMO_DRIFT of them).
    const [itemFile] = files(11, 'from-site').filter((f) => f.startsWith('ITT011'));
    const xml = fs.readFileSync(path.join(folder(11, 'from-site'), itemFile), 'utf8');
    const records = xml.match(/<ITTDetail>/g)?.length ?? 0;
    expect(records).toBeGreaterThan(0);
    expect(records).toBeLessThanOrEqual(DEMO_DRIFT);
    expect(xml).toMatch(/<TableAction type="update"/);
    // Store 11 carries the negotiated item, so it receives COREMARK invoices.
    const invoiceFiles = () => files(11, 'from-site').filter((f) => /^INV011\d{14}\.csv$/.test(f));
    expect(invoiceFiles()).toHaveLength(1);
    // Later passes make no more drift or invoices.
    await runner.runNow();
    expect(invoiceFiles()).toHaveLength(1);
    expect(files(11, 'from-site').filter((f) => f.startsWith('ITT011'))).toHaveLength(1);
  });

  it('applies a maintenance file head office sends and acknowledges it, on the next pass', async () => {
    const [sent] = await distributeSelected({
      db: tdb.db,
      sitesDir,
      siteIds: [pb.sites.s13],
      items: [{ itemId: '04900000044', packSize: 1 }],
    });
    expect(sent.File).not.toBeNull();
    await runner?.runNow();
    expect(files(13, 'to-site').filter((f) => f.endsWith('.xml'))).toEqual([]);
    expect(files(13, 'to-site/processed')).toEqual([path.basename(sent.File ?? '')]);
    expect(files(13, 'from-site').filter((f) => f.startsWith('ACK013'))).toHaveLength(1);
  });

  it('never replaces a register that exists', async () => {
    await runner?.stop();
    const before = fs.readFileSync(folder(11, 'store-sim.json'), 'utf8');
    runner = await startDemoStores({ db: tdb.db, sitesDir, intervalMs: 3_600_000, fresh: false, log: quiet });
    await runner.runNow();
    expect(fs.readFileSync(folder(11, 'store-sim.json'), 'utf8')).toBe(before);
  });
});
