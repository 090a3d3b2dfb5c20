/**
 * GET /transfers/{user}/latest/DTS answers 200 at every moment of a Distribute to Sites run (both
 * databases): polled while the run's tasks keep their internal plan on the task (between planning
 * and completing a site), it shows each site's state and no internal bookkeeping.
 */

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/support/database';
import type { Pricebook } from '../../../test/support/pricebook-fixture';
import { closeSuite, openPricebookSuite } from '../../../test/support/suite';
import { runTransfersNow } from '../../../test/support/transfers';

let tdb: TestDatabase;
let app: FastifyInstance;
let pb: Pricebook;
let cookie: string;
let sitesDir: string;

beforeAll(async () => {
  ({ tdb, app, pb, cookie, sitesDir } = await openPricebookSuite({ sitesDir: true }));
});
afterAll(async () => {
  delete process.env.CPB_TEST_PAUSE;
  await closeSuite({ tdb, app, pb, cookie, sitesDir });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /transfers/{user}/latest/DTS during a run', () => {
  it('answers 200 to every poll while the sites are being distributed', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/distributeToSites/ann',
      headers: { cookie },
      payload: { sitenos: '11,12,13,14', bModsOnly: false },
    });
    expect(started.statusCode, started.body).toBe(200);
    // Each site's task waits 300 ms after writing its file, before completing: polls land there.
    process.env.CPB_TEST_PAUSE = 'dts-after-file:300';
    const run = runTransfersNow(app);
    let finished = false;
    run.finally(() => {
      finished = true;
    });
    const statuses: number[] = [];
    const refused: string[] = [];
    const running: string[] = [];
    while (!finished) {
      const res = await app.inject({ url: '/transfers/ann/latest/DTS', headers: { cookie } });
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) {
        refused.push(`poll ${statuses.length}: ${res.statusCode} ${res.body}`);
        await sleep(25);
        continue;
      }
      const body = res.json().RootResults;
      for (const s of body.Sites) {
        if (s.Status === 'RUNNING') running.push(String(s.SiteNo));
        // Only what a task did, never its internal plan.
        if (s.Result) for (const v of Object.values(s.Result)) expect(typeof v).not.toBe('object');
      }
      await sleep(25);
    }
    await run;
    delete process.env.CPB_TEST_PAUSE;
    // The polls did see sites mid-run (the case that failed), and all answered.
    expect(refused).toEqual([]);
    expect(running.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const done = await app.inject({ url: '/transfers/ann/latest/DTS', headers: { cookie } });
    expect(done.json().RootResults).toMatchObject({ Status: 'DONE', Total: 4, Remaining: 0 });
    expect(
      done.json().RootResults.Sites.map((s: { Result: { Records: number } }) => typeof s.Result.Records),
    ).toEqual(['number', 'number', 'number', 'number']);
  });
});
