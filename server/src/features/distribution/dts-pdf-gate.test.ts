/**
 * A Distribute to Sites PDF reads its rows a page per turn at the database gate (PGlite) and is laid
 * out outside it: while one user's large preview is laid out, another user's calls answer.
 * The app is built with the test database's kind, so on PGlite the gate is the server's.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testConfig } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSite, buildUser, buildZone } from '../../../test/support/factories';
import { pdfText } from '../../../test/support/pdf-text';
import { buildApp } from '../../app';
import { pdfJobsOf } from '../reports/pdf-pool';
import { REPORT_PAGE_ROWS } from './plan';

let tdb: TestDatabase;
let app: FastifyInstance;
let ann: string;
let bob: string;
const BIG = 2 * REPORT_PAGE_ROWS + 7;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const big = await buildSite(tdb.db, { siteNo: 41, name: 'Big store' });
  const small = await buildSite(tdb.db, { siteNo: 42, name: 'Small store' });
  const north = await buildZone(tdb.db, { zoneNo: 1, name: 'North', siteIds: [big.id] });
  const south = await buildZone(tdb.db, { zoneNo: 2, name: 'South', siteIds: [small.id] });
  await tdb.db.execute(
    sql`insert into items (item_id, pack_size) select lpad(g::text, 11, '0'), 1 from generate_series(1, ${BIG}::int) g`,
  );
  await tdb.db.execute(
    sql`insert into site_exceptions (site_id, item_id, pack_size, description, dept, sub, inv_type, unit_list, unit_cost)
      select ${big.id}::int, lpad(g::text, 11, '0'), 1, 'ITEM ' || g, 2, 1, 'I', 1.99, 0.5 from generate_series(1, ${BIG}::int) g
      union all
      select ${small.id}::int, lpad(g::text, 11, '0'), 1, 'SMALL ' || g, 2, 1, 'I', 2.49, 0.5 from generate_series(1, 3) g`,
  );
  await buildUser(tdb.db, { userName: 'ann', password: 'ann-pw', zoneIds: [north.id] });
  await buildUser(tdb.db, { userName: 'bob', password: 'bob-pw', zoneIds: [south.id] });
  app = await buildApp({ db: tdb.db, config: testConfig(), dbKind: tdb.kind });
  await app.ready();
  ann = await signIn(app, 'ann', 'ann-pw');
  bob = await signIn(app, 'bob', 'bob-pw');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const dtsPdf = (user: 'ann' | 'bob', siteNo: number) =>
  app.inject({
    method: 'POST',
    url: `/report/${user}/dts/pdf/preview`,
    headers: { cookie: user === 'ann' ? ann : bob },
    payload: { sitenos: String(siteNo), bModsOnly: false },
  });

describe('Distribute to Sites PDF and the database gate', () => {
  it("while ann's large preview is laid out, bob's preview rows and his own PDF answer first", async () => {
    const done: string[] = [];
    const big = dtsPdf('ann', 41).then((res) => {
      done.push('ann pdf');
      return res;
    });
    // ann's rows are read (in pages); her PDF is now being laid out.
    while (pdfJobsOf('ann') === 0 && !done.length) await new Promise((r) => setTimeout(r, 5));
    const rowsCall = app
      .inject({
        method: 'POST',
        url: '/hbsreport/dts/preview/bob',
        headers: { cookie: bob },
        payload: { sitenos: '42', bModsOnly: false },
      })
      .then((res) => {
        done.push('bob rows');
        return res;
      });
    const small = dtsPdf('bob', 42).then((res) => {
      done.push('bob pdf');
      return res;
    });
    const [bigRes, rowsRes, smallRes] = await Promise.all([big, rowsCall, small]);
    expect(rowsRes.statusCode).toBe(200);
    expect(rowsRes.json().RootResults.map((r: { Description: string }) => r.Description)).toEqual([
      'SMALL 1',
      'SMALL 2',
      'SMALL 3',
    ]);
    expect(smallRes.statusCode).toBe(200);
    expect(bigRes.statusCode).toBe(200);
    expect(done.indexOf('ann pdf')).toBe(2);

    // Every page of ann's rows is in her PDF, first and last alike.
    const text = await pdfText(bigRes.rawPayload);
    for (const g of [1, REPORT_PAGE_ROWS, REPORT_PAGE_ROWS + 1, BIG]) {
      expect(text).toContain(String(g).padStart(11, '0'));
    }
    expect(text).not.toContain(String(BIG + 1).padStart(11, '0'));
    expect(await pdfText(smallRes.rawPayload)).toContain('SMALL 3');
  });
});
