/**
 * vacuumWhereDue: a table with more dead rows than autovacuum's threshold is vacuumed (its dead
 * rows gone, its statistics taken); one changed enough but without dead rows is analyzed; one
 * below both thresholds is left alone; one holding pages but never vacuumed is vacuumed once. On PGlite (where the app runs it every five minutes: PGlite
 * has no autovacuum), or on PostgreSQL with DB_KIND=postgres.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/database';
import { rows } from './client';
import { vacuumWhereDue } from './vacuum';

let tdb: TestDatabase;

const stats = (table: string) =>
  rows<{ dead: number; changed: number; analyzed: boolean; vacuumed: boolean }>(
    tdb.db,
    sql`select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, coalesce(last_analyze, last_autoanalyze) is not null as analyzed,
        coalesce(last_vacuum, last_autovacuum) is not null as vacuumed
      from pg_stat_user_tables where relname = ${table}`,
  ).then((r) => r[0]);

/** PostgreSQL reports a backend's counts to the shared statistics within a second; PGlite at once. */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  // Statistics as the tables stand (the migrations' and fixtures' rows), so only this test's tables are due.
  await tdb.db.execute(sql`vacuum analyze`);
  // Tables of this test only, which a PostgreSQL autovacuum must not touch meanwhile.
  await tdb.db.execute(
    sql`create table vacuum_dead (id int primary key, v int) with (autovacuum_enabled = false)`,
  );
  await tdb.db.execute(
    sql`create table vacuum_new (id int primary key, v int) with (autovacuum_enabled = false)`,
  );
  await tdb.db.execute(
    sql`create table vacuum_quiet (id int primary key, v int) with (autovacuum_enabled = false)`,
  );
  await tdb.db.execute(sql`insert into vacuum_quiet select g, 0 from generate_series(1, 1000) g`);
  await tdb.db.execute(sql`insert into vacuum_dead select g, 0 from generate_series(1, 1000) g`);
  // The inserts counted before the statistics are taken (a count reported after them would count again).
  await until(
    async () => (await stats('vacuum_quiet')).changed >= 1000 && (await stats('vacuum_dead')).changed >= 1000,
  );
  await tdb.db.execute(sql`vacuum analyze vacuum_quiet`);
  await tdb.db.execute(sql`analyze vacuum_dead`);
  // 1,000 dead rows against 1,000 live: past 50 + 20 %.
  await tdb.db.execute(sql`update vacuum_dead set v = v + 1`);
  // 1,000 new rows, never analyzed, none dead.
  await tdb.db.execute(sql`insert into vacuum_new select g, 0 from generate_series(1, 1000) g`);
  // 10 changed of 1,000: under 50 + 10 %.
  await tdb.db.execute(sql`update vacuum_quiet set v = 1 where id <= 10`);
}, 120_000);
afterAll(() => tdb?.drop());

describe('vacuum where due', () => {
  it('vacuums the table past the dead-row threshold, analyzes the new one, leaves the quiet one', async () => {
    await until(async () => (await stats('vacuum_dead')).dead >= 1000);
    expect((await stats('vacuum_dead')).dead).toBeGreaterThanOrEqual(1000);
    expect(await stats('vacuum_new')).toMatchObject({ analyzed: false });

    const r = await vacuumWhereDue(tdb.db);
    expect(r.vacuumed).toContain('public.vacuum_dead');
    expect(r.analyzed).toContain('public.vacuum_new');
    expect([...r.vacuumed, ...r.analyzed]).not.toContain('public.vacuum_quiet');

    await until(async () => (await stats('vacuum_dead')).dead === 0);
    expect(await stats('vacuum_dead')).toEqual({ dead: 0, changed: 0, analyzed: true, vacuumed: true });
    expect(await stats('vacuum_new')).toMatchObject({ analyzed: true, vacuumed: false });
    // The quiet table keeps its 10 dead rows (under the threshold).
    expect(await stats('vacuum_quiet')).toMatchObject({ dead: 10 });

    // A table with pages never vacuumed since the statistics began (the new one, now that its
    // statistics counted its pages) is vacuumed once: after a PGlite restart every count starts at
    // zero and cannot tell the dead rows a table holds.
    const mine = (x: { vacuumed: string[]; analyzed: string[] }) =>
      [...x.vacuumed, ...x.analyzed].filter((t) => t.startsWith('public.vacuum_'));
    expect(mine(await vacuumWhereDue(tdb.db))).toEqual(['public.vacuum_new']);
    expect(await stats('vacuum_new')).toMatchObject({ vacuumed: true });
    // Then nothing is due.
    expect(mine(await vacuumWhereDue(tdb.db))).toEqual([]);
  });
});
