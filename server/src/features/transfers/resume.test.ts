/**
 * Resuming after a dead worker, at runner level and through the service: a task left RUNNING under
 * a dead worker's claim, and one whose handler had named its file and then died before completing,
 * are both finished exactly once by a new runner (which sees the named file); a live claim is left
 * alone. Several runners on one transfer never run a task twice (PostgreSQL: real parallel claims).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSite } from '../../../test/support/factories';
import { rows } from '../../db/client';
import { createServices, silentLog } from '../../services';
import { createRunner } from './runner';
import { insertTransfer } from './start';
import type { SiteTaskContext, TransferKind, TransferKindHandlers } from './types';

let tdb: TestDatabase;
const siteIds: number[] = [];

interface Call {
  worker: string;
  siteNo: number;
  attempts: number;
  file: string | null;
}

/** Handlers that record each call and mark one row per site with the task, in one transaction. */
function recording(worker: string, calls: Call[], delayMs = 0): TransferKindHandlers {
  return {
    async site(ctx: SiteTaskContext) {
      calls.push({ worker, siteNo: ctx.site.siteNo, attempts: ctx.task.attempts, file: ctx.task.file });
      if (!ctx.task.file) await ctx.nameFile(`ITT_${ctx.site.siteNo}.xml`);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      await ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into test_marks (task_id, site_id, worker) values (${ctx.task.id}, ${ctx.site.id}, ${worker})`,
        );
        await ctx.complete(tx, { Worker: worker });
      });
      return undefined;
    },
  };
}

const runner = (
  workerId: string,
  handlers: TransferKindHandlers,
  o: { staleSeconds: number; parallel?: number },
) =>
  createRunner({
    db: tdb.db,
    config: testConfig(),
    log: silentLog,
    handlers: new Map<TransferKind, TransferKindHandlers>([['DTS', handlers]]),
    workerId,
    parallel: o.parallel ?? 1,
    staleSeconds: o.staleSeconds,
  });

const tasks = (transferId: number) =>
  rows<{ site_no: number; status: string; attempts: number; file: string | null; claimed_by: string | null }>(
    tdb.db,
    sql`select s.site_no, k.status, k.attempts, k.file, k.claimed_by from transfer_tasks k join sites s on s.id = k.site_id
      where k.transfer_id = ${transferId} order by s.site_no`,
  );
const marksPerTask = async () =>
  rows<{ task_id: number; n: number }>(
    tdb.db,
    sql`select task_id, count(*)::int as n from test_marks group by task_id order by task_id`,
  );

beforeAll(async () => {
  tdb = await createTestDatabase();
  for (let n = 1; n <= 30; n++) siteIds.push((await buildSite(tdb.db, { siteNo: 100 + n })).id);
  await tdb.db.execute(
    sql`create table test_marks (task_id int not null, site_id int not null, worker text)`,
  );
});
afterAll(async () => {
  await tdb?.drop();
});
beforeEach(async () => {
  await tdb.db.execute(sql`delete from transfer_tasks`);
  await tdb.db.execute(sql`delete from transfers`);
  await tdb.db.execute(sql`delete from test_marks`);
});

/** A transfer of sites 101-103 as a dead worker left it: 101 running, 102 running with its file named, 103 waiting. */
async function leftByDeadWorker(claimAgo: string): Promise<number> {
  const id = await insertTransfer(tdb.db, { kind: 'DTS', userName: 'ann', siteIds: siteIds.slice(0, 3) });
  await tdb.db.execute(sql`update transfer_tasks set status = 'RUNNING', attempts = 1, claimed_by = 'dead-worker',
      claimed_at = now() - ${claimAgo}::interval
    where transfer_id = ${id} and site_id in (${siteIds[0]}, ${siteIds[1]})`);
  await tdb.db.execute(
    sql`update transfer_tasks set file = 'ITT_102.xml' where transfer_id = ${id} and site_id = ${siteIds[1]}`,
  );
  return id;
}

describe('a new runner resumes what a dead worker left', () => {
  it('finishes the running task and the one that named its file, exactly once, the handler seeing the file', async () => {
    const id = await leftByDeadWorker('1 hour');
    const calls: Call[] = [];
    await runner('new-worker', recording('new-worker', calls), { staleSeconds: 30 }).runTransfer(id);
    expect(calls).toEqual([
      { worker: 'new-worker', siteNo: 101, attempts: 2, file: null },
      { worker: 'new-worker', siteNo: 102, attempts: 2, file: 'ITT_102.xml' },
      { worker: 'new-worker', siteNo: 103, attempts: 1, file: null },
    ]);
    expect(await tasks(id)).toEqual([
      { site_no: 101, status: 'DONE', attempts: 2, file: 'ITT_101.xml', claimed_by: 'new-worker' },
      { site_no: 102, status: 'DONE', attempts: 2, file: 'ITT_102.xml', claimed_by: 'new-worker' },
      { site_no: 103, status: 'DONE', attempts: 1, file: 'ITT_103.xml', claimed_by: 'new-worker' },
    ]);
    expect((await marksPerTask()).map((m) => m.n)).toEqual([1, 1, 1]);
    const [t] = await rows<{ status: string; message: string }>(
      tdb.db,
      sql`select status, message from transfers`,
    );
    expect(t).toEqual({ status: 'DONE', message: 'Done: 3 site(s).' });

    // A second runner finds nothing left to do.
    const again: Call[] = [];
    await runner('third-worker', recording('third-worker', again), { staleSeconds: 30 }).runTransfer(id);
    expect(again).toEqual([]);
    expect((await marksPerTask()).map((m) => m.n)).toEqual([1, 1, 1]);
  });

  it('leaves a live claim alone (claimed 2 s ago, stale after 30 s) and does not end the transfer', async () => {
    const id = await leftByDeadWorker('2 seconds');
    const calls: Call[] = [];
    await runner('new-worker', recording('new-worker', calls), { staleSeconds: 30 }).runTransfer(id);
    expect(calls.map((c) => c.siteNo)).toEqual([103]);
    expect((await tasks(id)).map((k) => [k.site_no, k.status, k.claimed_by])).toEqual([
      [101, 'RUNNING', 'dead-worker'],
      [102, 'RUNNING', 'dead-worker'],
      [103, 'DONE', 'new-worker'],
    ]);
    const [t] = await rows<{ status: string }>(tdb.db, sql`select status from transfers`);
    expect(t.status).toBe('PENDING');
  });

  it('on the embedded database (stale after 0 s) takes over any other worker claim at once', async () => {
    const id = await leftByDeadWorker('0 seconds');
    const calls: Call[] = [];
    await runner('new-worker', recording('new-worker', calls), { staleSeconds: 0 }).runTransfer(id);
    expect(calls.map((c) => [c.siteNo, c.file])).toEqual([
      [101, null],
      [102, 'ITT_102.xml'],
      [103, null],
    ]);
    expect((await marksPerTask()).map((m) => m.n)).toEqual([1, 1, 1]);
  });

  it('a claim taken over while its handler runs: the old handler cannot complete (its transaction rolls back)', async () => {
    const id = await insertTransfer(tdb.db, { kind: 'DTS', userName: 'ann', siteIds: siteIds.slice(0, 1) });
    let stolen = false;
    const slow: TransferKindHandlers = {
      async site(ctx) {
        // Another worker takes the task over (as if this one had stopped sending heartbeats).
        await tdb.db.execute(sql`update transfer_tasks set claimed_by = 'thief' where id = ${ctx.task.id}`);
        stolen = true;
        await ctx.db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into test_marks (task_id, site_id, worker) values (${ctx.task.id}, ${ctx.site.id}, 'slow')`,
          );
          await ctx.complete(tx, {});
        });
        return undefined;
      },
    };
    await runner('slow-worker', slow, { staleSeconds: 30 }).runTransfer(id);
    expect(stolen).toBe(true);
    expect(await marksPerTask()).toEqual([]);
    expect((await tasks(id)).map((k) => [k.status, k.claimed_by])).toEqual([['RUNNING', 'thief']]);
  });

  it('gives a task up after 5 attempts (a handler that keeps killing its process)', async () => {
    const id = await insertTransfer(tdb.db, { kind: 'DTS', userName: 'ann', siteIds: siteIds.slice(0, 1) });
    await tdb.db.execute(sql`update transfer_tasks set status = 'RUNNING', attempts = 5, claimed_by = 'dead',
      claimed_at = now() - interval '1 hour' where transfer_id = ${id}`);
    const calls: Call[] = [];
    await runner('new-worker', recording('new-worker', calls), { staleSeconds: 30 }).runTransfer(id);
    expect(calls).toEqual([]);
    const [k] = await rows<{ status: string; error: string }>(
      tdb.db,
      sql`select status, error from transfer_tasks`,
    );
    expect(k).toEqual({
      status: 'FAILED',
      error: 'Stopped after 5 attempts: the process running this site ended each time.',
    });
  });
});

describe('parallel runners on one transfer', () => {
  it('never run a task twice: 30 sites, 3 runners of 3 loops each, every task handled and marked once', async () => {
    const id = await insertTransfer(tdb.db, { kind: 'DTS', userName: 'ann', siteIds });
    const calls: Call[] = [];
    const runners = ['w1', 'w2', 'w3'].map((w) =>
      runner(w, recording(w, calls, 5), { staleSeconds: 30, parallel: 3 }),
    );
    await Promise.all(runners.map((r) => r.runTransfer(id)));
    expect(calls).toHaveLength(30);
    expect(new Set(calls.map((c) => c.siteNo)).size).toBe(30);
    const marks = await marksPerTask();
    expect(marks).toHaveLength(30);
    expect(marks.every((m) => m.n === 1)).toBe(true);
    expect((await tasks(id)).every((k) => k.status === 'DONE' && k.attempts === 1)).toBe(true);
    const [t] = await rows<{ status: string }>(tdb.db, sql`select status from transfers`);
    expect(t.status).toBe('DONE');
    if (tdb.kind === 'postgres') {
      // On PostgreSQL the work really was shared: more than one runner handled sites.
      expect(new Set(calls.map((c) => c.worker)).size).toBeGreaterThan(1);
    }
  });
});

describe('the service resumes at worker start', () => {
  it('queues again a transfer a killed process left, and a worker finishes it promptly', async () => {
    const id = await leftByDeadWorker('1 hour');
    const services = createServices({ config: testConfig(), db: tdb.db });
    const calls: Call[] = [];
    services.transfers.register('DTS', recording('restarted', calls));
    const started = Date.now();
    try {
      await services.startWorkers();
      let status = '';
      while (Date.now() - started < 20_000) {
        [{ status }] = await rows<{ status: string }>(
          tdb.db,
          sql`select status from transfers where id = ${id}`,
        );
        if (status === 'DONE') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe('DONE');
    } finally {
      await services.stopWorkers();
    }
    // Well before pg-boss would expire the dead process's job (hours).
    expect(Date.now() - started).toBeLessThan(15_000);
    // Each store once, whatever order the transfer's jobs took them in (several on PostgreSQL).
    expect(calls.map((c) => [c.siteNo, c.file]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [101, null],
      [102, 'ITT_102.xml'],
      [103, null],
    ]);
    expect((await marksPerTask()).map((m) => m.n)).toEqual([1, 1, 1]);
  });
});
