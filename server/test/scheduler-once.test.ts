/**
 * The pricing event scheduler runs once with two server processes: two real servers (each runs
 * job workers and takes part in pg-boss's cron pass, WORKERS on) on ONE PostgreSQL database, one
 * event due by their clock, both schedulers ticking for two occurrences: the event is readied
 * exactly once (one run of `ready-pricing-events` reports it, status 2), and every run was one of
 * the two servers'.
 *
 * Always PostgreSQL, whatever DB_KIND (as scale-out.test.ts): two processes cannot share one
 * embedded PGlite database (its DATA_DIR is locked by the first; db/data-dir-lock.ts), so this
 * case exists only there.
 *
 * Both servers run on a test clock (CPB_TEST_NOW, lib/clock.ts) three days ahead of the real time:
 * the due event is two days ahead (due only by the servers' clock), another four days ahead stays
 * pending, so the scheduler is seen to decide "due" by the server's clock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { READY_EVENTS_JOB } from '../src/features/pricing-events/ready-job';
import { createTestDatabase, type TestDatabase } from './support/database';
import { buildZone } from './support/factories';
import { type ServerProcess, startServerProcess } from './support/server-process';

const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let tdb: TestDatabase | null = null;
const servers: ServerProcess[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-scheduler-once-'));

afterAll(async () => {
  for (const s of servers) await s.stop();
  await tdb?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Run {
  state: string;
  readied: number | null;
  worker: string | null;
}

describe('the pricing event scheduler with two server processes on PostgreSQL', () => {
  it('readies a due event exactly once, by one run of one of the two servers', {
    timeout: 300_000,
  }, async () => {
    tdb = await createTestDatabase({ kind: 'postgres' });
    const db = tdb.db;
    const zone = await buildZone(db);
    const real = Date.now();
    const at = (ms: number) => new Date(real + ms).toISOString();
    const [due] = await rows<{ id: number }>(
      db,
      sql`insert into pricing_events (zone_id, name, effective_at, status, created_by)
        values (${zone.id}, 'Due Sale', ${at(2 * DAY)}::timestamptz, 1, 'test') returning id`,
    );
    const [later] = await rows<{ id: number }>(
      db,
      sql`insert into pricing_events (zone_id, name, effective_at, status, created_by)
        values (${zone.id}, 'Later Sale', ${at(4 * DAY)}::timestamptz, 1, 'test') returning id`,
    );

    const env: Record<string, string> = {
      ...tdb.env,
      DEMO_ON_EMPTY: 'false',
      STORE_SIM: 'off',
      SITES_DIR: path.join(tmp, 'sites'),
      CPB_TEST_NOW: at(3 * DAY),
    };
    servers.push(...(await Promise.all([startServerProcess({ env }), startServerProcess({ env })])));
    const pids = servers.map((s) => s.pid);
    expect(pids.every((p) => typeof p === 'number' && p > 0)).toBe(true);
    expect(servers[0].output()).toContain("Test clock (CPB_TEST_NOW): the server's now is");

    const runs = () =>
      rows<Run>(
        db,
        sql`select state::text, (output->>'readied')::int as readied, output->>'workerId' as worker
          from pgboss.job where name = ${READY_EVENTS_JOB} order by created_on`,
      );
    // Two occurrences worked (a cron occurrence every minute; pg-boss's pass every 15 s).
    const until = Date.now() + 240_000;
    let done: Run[] = [];
    while (done.length < 2) {
      if (Date.now() > until)
        throw new Error(
          `fewer than two scheduler runs: ${JSON.stringify(await runs())}\n${servers.map((s) => s.output()).join('\n')}`,
        );
      await sleep(1_000);
      done = (await runs()).filter((r) => r.state === 'completed');
    }

    const events = await rows<{ id: number; status: number; error: string | null }>(
      db,
      sql`select id, status, error from pricing_events order by id`,
    );
    expect(events).toEqual([
      { id: due.id, status: 2, error: null },
      { id: later.id, status: 1, error: null },
    ]);
    const all = await runs();
    expect(all.filter((r) => r.state === 'failed')).toEqual([]);
    // Exactly one run readied the event; every other run found nothing due.
    expect(done.map((r) => r.readied).sort((a, b) => (b ?? -1) - (a ?? -1))).toEqual([
      1,
      ...done.slice(1).map(() => 0),
    ]);
    // Every run was worked by one of the two servers (worker id: host:pid:random).
    for (const r of done) {
      expect(
        pids.map((p) => `:${p}:`).some((p) => r.worker?.includes(p)),
        r.worker ?? '',
      ).toBe(true);
    }
    // One schedule row for the job, however many processes keep it.
    const [schedule] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int n from pgboss.schedule where name = ${READY_EVENTS_JOB}`,
    );
    expect(schedule.n).toBe(1);
  });
});
