/**
 * Acknowledgements are collected by a job, never by a GET (both databases): the picker with a
 * store's ACK waiting reads no file and shows the distribution unconfirmed; it nudges the job
 * (throttled), and a process running workers records the acknowledgement, which the next read shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testConfig } from '../../../test/support/app';
import type { TestDatabase } from '../../../test/support/database';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { buildApp } from '../../app';
import { rows } from '../../db/client';
import { buildAck } from '../../exchange/naxml/store-files';
import { fromSiteDir } from '../../exchange/site-folders';
import { ACK_JOB } from './ack-job';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
});
afterAll(() => closeSuite({ tdb, app, pb, cookie, sitesDir }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sent = 'ITT01420261123120000.xml';

async function s14(on: FastifyInstance, c: string) {
  const res = await on.inject({
    method: 'GET',
    url: `/zonesSites/ann/${pb.south.id}`,
    headers: { cookie: c },
  });
  expect(res.statusCode, res.body).toBe(200);
  const south = res.json().RootResults.find((z: { ZoneNo: number }) => z.ZoneNo === 2);
  return south.ZoneSites.find((s: { SiteNo: number }) => s.SiteNo === 14).LastDistribution;
}

describe('the acknowledgement job', () => {
  it('the picker reads no store file; the job records the acknowledgement, the next read shows it', async () => {
    await tdb.db.execute(sql`insert into site_exchange (site_id, last_dist_file, last_dist_at)
      values (${pb.sites.s14}, ${sent}, '2026-11-23T12:00:00Z')
      on conflict (site_id) do update set last_dist_file = excluded.last_dist_file, last_dist_at = excluded.last_dist_at`);
    const dir = fromSiteDir(sitesDir, 14);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'ACK01420261123120005.xml'),
      buildAck({
        storeNo: 14,
        file: sent,
        sha256: 'ef',
        status: 'applied',
        processedAt: '2026-11-23T12:00:05.000Z',
        error: null,
        records: 2,
        applied: 2,
        refused: [],
      }),
    );
    const jobs = async () =>
      (
        await rows<{ n: number }>(tdb.db, sql`select count(*)::int n from pgboss.job where name = ${ACK_JOB}`)
      )[0].n;
    const before = await jobs();
    // Read three times at once: unconfirmed each time (no file read), and one nudge queued.
    // (At once, so all three fall in the nudge's 2 s throttle however loaded the machine is.)
    const reads = await Promise.all([0, 1, 2].map(() => s14(app, cookie)));
    for (const r of reads) expect(r).toMatchObject({ File: sent, Confirmed: false });
    expect(await jobs()).toBe(before + 1);

    // A process running workers (the server unless WORKERS=off, or `pricebook worker`) runs it.
    const worker = await buildApp({ db: tdb.db, config: testConfig({ sitesDir }), workers: true });
    await worker.ready();
    try {
      const until = Date.now() + 20_000;
      let last = await s14(app, cookie);
      while (!last.Confirmed && Date.now() < until) {
        await sleep(200);
        last = await s14(app, cookie);
      }
      expect(last).toEqual({ File: sent, At: '2026-11-23T12:00:00.000Z', Confirmed: true, Refused: 0 });
      // Signed in on one process, read on the other: the same answer.
      expect(await s14(worker, await signIn(worker, 'ann', 'ann-pw'))).toEqual(last);
    } finally {
      await worker.close();
    }
  });
});
