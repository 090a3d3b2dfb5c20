/**
 * Transfers over the API: the poll count of GET /activeSites (spec section 4), the newest run's
 * status, a user seeing only their own runs, per-site outcomes (done, failed, finished message),
 * the job enqueued in the transfer's own transaction, and a real worker running a run off the queue.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, signIn, testConfig } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSite, buildUser } from '../../../test/support/factories';
import { runTransfersNow } from '../../../test/support/transfers';
import { buildApp } from '../../app';
import { rows } from '../../db/client';
import type { SiteTaskContext, TransferKindHandlers } from './types';

let tdb: TestDatabase;
let app: FastifyInstance;
let ann: string;
let otto: string;
const site: Record<number, number> = {};

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A handler that marks one row per site in its own transaction with the task (what real handlers do). */
const marking =
  (extra?: (ctx: SiteTaskContext) => Promise<void>): TransferKindHandlers['site'] =>
  async (ctx) => {
    await extra?.(ctx);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into test_marks (task_id, site_id) values (${ctx.task.id}, ${ctx.site.id})`,
      );
      await ctx.complete(tx, { Records: ctx.site.siteNo * 10 });
    });
    return undefined;
  };

const get = async (url: string, cookie = ann) => app.inject({ url, headers: { cookie } });
const active = async (kind: string, user = 'ann', cookie = ann) =>
  get(`/activeSites/${encodeURIComponent(kind)}/${user}`, cookie);

beforeAll(async () => {
  tdb = await createTestDatabase();
  for (const n of [11, 12, 13]) site[n] = (await buildSite(tdb.db, { siteNo: n, name: `Store ${n}` })).id;
  await buildUser(tdb.db, { userName: 'ann', password: 'ann-pw' });
  await buildUser(tdb.db, { userName: 'otto', password: 'otto-pw' });
  await tdb.db.execute(sql`create table test_marks (task_id int not null, site_id int not null)`);
  app = await makeApp(tdb.db, { transferParallel: 1 });
  ann = await signIn(app, 'ann', 'ann-pw');
  otto = await signIn(app, 'otto', 'otto-pw');
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

beforeEach(async () => {
  await tdb.db.execute(sql`delete from transfer_tasks`);
  await tdb.db.execute(sql`delete from transfers`);
  await tdb.db.execute(sql`delete from test_marks`);
});

const start = (kind: 'DTS' | 'Site Import' | 'DTS Import', userName = 'ann', sites = [11, 12, 13]) =>
  app.services.transfers.start({
    kind,
    userName,
    siteIds: sites.map((n) => site[n]),
    options: { bModsOnly: true },
  });

describe('GET /activeSites/{processType}/{user}', () => {
  it('answers 0 with nothing started, -1 while queued, the sites left while running, 0 when done', async () => {
    expect((await active('DTS')).json()).toBe(0);
    const held = gate();
    const reached = gate();
    app.services.transfers.register('DTS', {
      site: marking(async (ctx) => {
        if (ctx.site.siteNo === 12) {
          reached.open();
          await held.opened;
        }
      }),
    });
    await start('DTS');
    const queued = await active('DTS');
    expect(queued.statusCode).toBe(200);
    // The bare JSON number, as the page reads it.
    expect(queued.body).toBe('-1');

    const run = runTransfersNow(app);
    await reached.opened;
    // Site 11 done, site 12 running, site 13 waiting: two sites left.
    expect((await active('DTS')).body).toBe('2');
    const mid = (await get('/transfers/ann/latest/DTS')).json().RootResults;
    expect(mid.Status).toBe('PENDING');
    expect(mid.Remaining).toBe(2);
    expect(mid.Sites.map((s: { Status: string }) => s.Status)).toEqual(['DONE', 'RUNNING', 'PENDING']);

    held.open();
    await run;
    expect((await active('DTS')).body).toBe('0');
    const done = (await get('/transfers/ann/latest/DTS')).json().RootResults;
    expect(done).toEqual({
      TransferID: expect.any(Number),
      ProcessType: 'DTS',
      Status: 'DONE',
      Total: 3,
      Remaining: 0,
      Message: 'Done: 3 site(s).',
      Sites: [
        { SiteNo: 11, Status: 'DONE', Error: null, Result: { Records: 110 } },
        { SiteNo: 12, Status: 'DONE', Error: null, Result: { Records: 120 } },
        { SiteNo: 13, Status: 'DONE', Error: null, Result: { Records: 130 } },
      ],
    });
    // One mark per site, written with its task.
    const marks = await rows<{ n: number }>(tdb.db, sql`select count(*)::int as n from test_marks`);
    expect(marks[0].n).toBe(3);
  });

  it('reads a kind with a space from the encoded path and refuses an unknown kind', async () => {
    app.services.transfers.register('Site Import', { site: marking() });
    await start('Site Import', 'ann', [13]);
    expect((await get('/activeSites/Site%20Import/ann')).body).toBe('-1');
    expect((await get('/activeSites/DTS%20Import/ann')).body).toBe('0');
    expect((await get('/activeSites/Bogus/ann')).statusCode).toBe(400);
  });
});

describe('a user sees only their own transfers', () => {
  it('refuses another user in the path and counts only the signed-in user runs', async () => {
    app.services.transfers.register('DTS', { site: marking() });
    await start('DTS', 'ann');
    expect((await active('DTS', 'ann', otto)).statusCode).toBe(403);
    expect((await get('/transfers/ann/latest/DTS', otto)).statusCode).toBe(403);
    expect((await active('DTS', 'otto', otto)).body).toBe('0');
    const none = await get('/transfers/otto/latest/DTS', otto);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ ErrorMessage: 'No DTS has been started by this user.' });
    expect((await active('DTS', 'ann', '')).statusCode).toBe(401);
  });
});

describe('per-site outcomes', () => {
  it('fails only the site whose handler throws; the others finish; the message names the failed site', async () => {
    app.services.transfers.register('DTS', {
      site: marking(async (ctx) => {
        if (ctx.site.siteNo === 12) throw new Error('ITT_012.xml line 3: not NAXML');
      }),
    });
    await start('DTS');
    await runTransfersNow(app);
    const s = (await get('/transfers/ann/latest/DTS')).json().RootResults;
    expect(s.Status).toBe('FAILED');
    expect(s.Message).toBe('Done: 2 site(s); failed: 1 site(s) (12).');
    expect(s.Sites).toEqual([
      { SiteNo: 11, Status: 'DONE', Error: null, Result: { Records: 110 } },
      { SiteNo: 12, Status: 'FAILED', Error: 'ITT_012.xml line 3: not NAXML', Result: null },
      { SiteNo: 13, Status: 'DONE', Error: null, Result: { Records: 130 } },
    ]);
    const marked = await rows<{ site_id: number }>(
      tdb.db,
      sql`select site_id from test_marks order by site_id`,
    );
    expect(marked.map((m) => m.site_id)).toEqual([site[11], site[13]]);
  });

  it('completes a handler that returned without calling complete, with what it returned', async () => {
    app.services.transfers.register('DTS', {
      site: async (ctx) => ({ Skipped: true, SiteNo: ctx.site.siteNo }),
    });
    await start('DTS', 'ann', [13]);
    await runTransfersNow(app);
    const s = (await get('/transfers/ann/latest/DTS')).json().RootResults;
    expect(s.Sites).toEqual([
      { SiteNo: 13, Status: 'DONE', Error: null, Result: { Skipped: true, SiteNo: 13 } },
    ]);
  });

  it('calls the finished handler once with the done and failed sites; its message is the run message', async () => {
    const calls: unknown[] = [];
    app.services.transfers.register('Site Import', {
      site: marking(async (ctx) => {
        if (ctx.site.siteNo === 11) throw new Error('no item file');
      }),
      async finished(o) {
        calls.push({ done: o.doneSiteIds, failed: o.failedSiteIds, user: o.userName, options: o.options });
        // What Site Import does with bDoDTS: start the distribution that follows it.
        await app.services.transfers.start({
          kind: 'DTS Import',
          userName: o.userName,
          siteIds: o.doneSiteIds,
        });
        return { message: 'Success : 0 zones(s) & 2 sites(s) loaded.' };
      },
    });
    app.services.transfers.register('DTS Import', { site: marking() });
    await start('Site Import');
    const ran = await runTransfersNow(app);
    expect(ran).toHaveLength(2);
    expect(calls).toEqual([
      { done: [site[12], site[13]], failed: [site[11]], user: 'ann', options: { bModsOnly: true } },
    ]);
    const si = (await get('/transfers/ann/latest/Site%20Import')).json().RootResults;
    expect(si.Status).toBe('FAILED');
    expect(si.Message).toBe('Success : 0 zones(s) & 2 sites(s) loaded.');
    const dts = (await get('/transfers/ann/latest/DTS%20Import')).json().RootResults;
    expect([dts.Status, dts.Total, dts.Message]).toEqual(['DONE', 2, 'Done: 2 site(s).']);
  });
});

describe('the job is enqueued in the transfer transaction', () => {
  const counts = async () => {
    const [t] = await rows<{ n: number }>(tdb.db, sql`select count(*)::int as n from transfers`);
    const [j] = await rows<{ n: number }>(
      tdb.db,
      sql`select count(*)::int as n from pgboss.job where name = 'transfers' and (data->>'transferId')::int in (select id from transfers)`,
    );
    const [all] = await rows<{ n: number }>(
      tdb.db,
      sql`select count(*)::int as n from pgboss.job where name = 'transfers'`,
    );
    return { transfers: t.n, jobsOfTransfers: j.n, jobs: all.n };
  };

  it('a transaction that rolls back leaves neither the transfer nor its job; one that commits leaves both', async () => {
    const before = await counts();
    await expect(
      tdb.db.transaction(async (tx) => {
        await app.services.transfers.start({ kind: 'DTS', userName: 'ann', siteIds: [site[11]] }, { ex: tx });
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    expect(await counts()).toEqual(before);

    const id = await tdb.db.transaction((tx) =>
      app.services.transfers.start(
        { kind: 'DTS', userName: 'ann', siteIds: [site[11], site[12]] },
        { ex: tx },
      ),
    );
    const after = await counts();
    // One job per site up to TRANSFER_JOBS (8 on PostgreSQL, 1 on PGlite), so several workers share a run.
    const sent = app.services.jobs.kind === 'postgres' ? 2 : 1;
    expect(after).toEqual({ transfers: 1, jobsOfTransfers: sent, jobs: before.jobs + sent });
    const [job] = await rows<{ data: { transferId: number } }>(
      tdb.db,
      sql`select data from pgboss.job where name = 'transfers' order by created_on desc limit 1`,
    );
    expect(job.data).toEqual({ transferId: id });
  });
});

describe('workers in the server process', () => {
  it('run a started transfer off the queue without anyone draining it', async () => {
    // makeApp builds without workers; this app runs them (what main.ts does unless WORKERS=off).
    const worker = await buildApp({ db: tdb.db, config: testConfig({ transferParallel: 2 }), workers: true });
    await worker.ready();
    try {
      worker.services.transfers.register('DTS', { site: marking() });
      const id = await worker.services.transfers.start({
        kind: 'DTS',
        userName: 'ann',
        siteIds: [site[11], site[12], site[13]],
      });
      const started = Date.now();
      let status = '';
      while (Date.now() - started < 20_000) {
        const [t] = await rows<{ status: string }>(
          tdb.db,
          sql`select status from transfers where id = ${id}`,
        );
        status = t.status;
        if (status === 'DONE') break;
        await sleep(100);
      }
      expect(status).toBe('DONE');
      expect((await active('DTS')).body).toBe('0');
      const marks = await rows<{ n: number }>(tdb.db, sql`select count(*)::int as n from test_marks`);
      expect(marks[0].n).toBe(3);
    } finally {
      await worker.close();
    }
  });
});
