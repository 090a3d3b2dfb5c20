/**
 * The jobs module on a real database (PGlite, or PostgreSQL with DB_KIND=postgres): a job sent is
 * worked by a process running workers, inside a caller's transaction it exists only if that commits,
 * a throttled job is sent once per moment, and a cron schedule is one row in pg-boss's schedule
 * table however many processes start (so its occurrences are sent once).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/app';
import { createTestDatabase, dbKind, type TestDatabase } from '../../test/support/database';
import { rows } from '../db/client';
import { createServices, type Services } from '../services';
import { defineJob } from './define';

let tdb: TestDatabase;
const started: Services[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A services object as one process makes it, with a test job that records what it was sent. */
function process_(o: { cron?: string } = {}): Services {
  const services = createServices({ config: testConfig(), db: tdb.db });
  services.jobs.register(
    defineJob<{ n: number }>({
      name: 'test-mark',
      cron: o.cron,
      scheduledData: { n: 0 },
      throttleSeconds: undefined,
      async work({ n }, ctx) {
        await tdb.db.execute(sql`insert into test_job_marks (n, worker) values (${n}, ${ctx.workerId})`);
      },
    }),
  );
  services.jobs.register(
    defineJob<{ n: number }>({ name: 'test-nudge', throttleSeconds: 30, async work() {} }),
  );
  started.push(services);
  return services;
}

const marks = async () =>
  (await rows<{ n: number }>(tdb.db, sql`select n from test_job_marks order by n`)).map((r) => r.n);

beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.db.execute(sql`create table test_job_marks (n int not null, worker text not null)`);
});

afterAll(async () => {
  for (const s of started) await s.stopWorkers();
  await tdb?.drop();
});

describe('jobs', () => {
  it('a job sent from a process without workers is worked by a process with them', async () => {
    const http = process_();
    await http.jobs.ready();
    await http.jobs.send('test-mark', { n: 1 });
    const worker = process_();
    await worker.startWorkers();
    const until = Date.now() + 20_000;
    while ((await marks()).length === 0 && Date.now() < until) await sleep(100);
    expect(await marks()).toEqual([1]);
    const [w] = await rows<{ worker: string }>(tdb.db, sql`select worker from test_job_marks`);
    expect(w.worker).toBe(worker.jobs.workerId);
  });

  it("a job sent in a caller's transaction exists only if that transaction commits", async () => {
    const s = process_();
    await s.jobs.ready();
    const count = async () =>
      (
        await rows<{ n: number }>(
          tdb.db,
          sql`select count(*)::int n from pgboss.job where name = 'test-mark'`,
        )
      )[0].n;
    const before = await count();
    await expect(
      tdb.db.transaction(async (tx) => {
        await s.jobs.send('test-mark', { n: 2 }, { ex: tx });
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await count()).toBe(before);
    await tdb.db.transaction((tx) => s.jobs.send('test-mark', { n: 3 }, { ex: tx }));
    expect(await count()).toBe(before + 1);
  });

  it('a throttled job is sent once within its throttle, however often it is asked for', async () => {
    const s = process_();
    await s.jobs.ready();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await s.jobs.send('test-nudge', { n: i }));
    expect(sent.filter((id) => id !== null)).toHaveLength(1);
    const [j] = await rows<{ n: number }>(
      tdb.db,
      sql`select count(*)::int n from pgboss.job where name = 'test-nudge'`,
    );
    expect(j.n).toBe(1);
  });

  it("a cron schedule is pg-boss's: one row whatever the number of processes that start", async () => {
    const a = process_({ cron: '*/5 * * * *' });
    const b = process_({ cron: '*/5 * * * *' });
    await a.startWorkers();
    await b.startWorkers();
    const found = await rows<{ name: string; cron: string; n: number }>(
      tdb.db,
      sql`select name, cron, count(*) over (partition by name)::int n from pgboss.schedule
        where name in ('test-mark', 'collect-acks', 'ready-pricing-events') order by name`,
    );
    expect(found).toEqual([
      { name: 'collect-acks', cron: '* * * * *', n: 1 },
      // The pricing event scheduler: one schedule, every minute, however many processes run it.
      { name: 'ready-pricing-events', cron: '* * * * *', n: 1 },
      { name: 'test-mark', cron: '*/5 * * * *', n: 1 },
    ]);
    // A process whose definition drops the schedule removes it.
    const c = process_();
    await c.jobs.ready();
    expect((await c.jobs.schedules()).map((x) => x.name).sort()).toEqual([
      'collect-acks',
      'ready-pricing-events',
      'settle-price-book',
      // The embedded database's vacuum (PostgreSQL has autovacuum).
      ...(dbKind === 'pglite' ? ['vacuum-embedded'] : []),
    ]);
  });
});
