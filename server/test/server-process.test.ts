/**
 * The server-process harness on the real server: it starts and answers, dies by SIGKILL, and a
 * restart on the same data answers again and ends the transfer the killed process left running
 * (its worker takes over the dead claim at once, without waiting for pg-boss to expire the job).
 * 'Vendor Import' is used because no handler for it exists: the restarted worker ends that task as
 * failed with the reason, which is what this test can see without a real kind.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rows } from '../src/db/client';
import { insertTransfer } from '../src/features/transfers/start';
import { createTestDatabase, dbKind, type TestDatabase } from './support/database';
import { buildSite, buildUser } from './support/factories';
import { type ServerProcess, startServerProcess } from './support/server-process';

let srv: ServerProcess | null = null;
let tdb: TestDatabase | null = null;

afterAll(async () => {
  await srv?.stop();
  srv?.cleanup();
  await tdb?.drop();
});

/** Runs `fn` on the server's database: PostgreSQL at any time; the embedded one only while the server is down. */
async function withDb<T>(fn: (db: Database['db']) => Promise<T>): Promise<T> {
  if (tdb) return fn(tdb.db);
  const database = await openDatabase({ dataDir: srv?.dataDir });
  try {
    await database.migrate();
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'ann', password: 'ann-pw' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cpb_session='));
  if (!cookie) throw new Error(`no session (${res.status}: ${await res.text()})`);
  return cookie.split(';')[0];
}

describe('server process harness', () => {
  it('starts, dies by kill -9, restarts on the same data and resumes the transfer left running', async () => {
    const env: Record<string, string> = { DEMO_ON_EMPTY: 'false' };
    if (dbKind === 'postgres') {
      tdb = await createTestDatabase();
      Object.assign(env, tdb.env);
    }
    srv = await startServerProcess({ env });
    const first = await fetch(`${srv.url}/appConfig`);
    expect(first.status).toBe(200);
    expect((await first.json()).emailEnabled).toBe(false);
    const firstPid = srv.pid;
    expect(firstPid).toBeGreaterThan(0);

    await srv.kill9();
    expect(srv.pid).toBeNull();
    // The killed process is gone (signal 0 to its pid fails).
    expect(() => process.kill(firstPid as number, 0)).toThrow();

    // What the killed server left: a transfer whose task was RUNNING under its (now dead) worker.
    const transferId = await withDb(async (db) => {
      const site = await buildSite(db, { siteNo: 42, name: 'Store 42' });
      await buildUser(db, { userName: 'ann', password: 'ann-pw' });
      const id = await insertTransfer(db, { kind: 'Vendor Import', userName: 'ann', siteIds: [site.id] });
      await db.execute(sql`update transfer_tasks set status = 'RUNNING', attempts = 1, claimed_by = 'killed-worker',
        claimed_at = now() - interval '1 hour' where transfer_id = ${id}`);
      return id;
    });

    const restartedAt = Date.now();
    await srv.start();
    expect(srv.pid).not.toBe(firstPid);
    expect((await fetch(`${srv.url}/appConfig`)).status).toBe(200);

    const cookie = await signIn(srv.url);
    let status: { Status: string; Sites: { SiteNo: number; Status: string; Error: string | null }[] } | null =
      null;
    while (Date.now() - restartedAt < 60_000) {
      const res = await fetch(`${srv.url}/transfers/ann/latest/Vendor%20Import`, { headers: { cookie } });
      status = (await res.json()).RootResults;
      if (status?.Status !== 'PENDING') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // The restarted server's worker takes the task over and finishes it (store 42 has no vendor
    // setup, so its Vendor Import has nothing to read and ends without an error).
    expect(status).toMatchObject({
      Status: 'DONE',
      Sites: [{ SiteNo: 42, Status: 'DONE', Error: null }],
    });
    const active = await fetch(`${srv.url}/activeSites/Vendor%20Import/ann`, { headers: { cookie } });
    expect(await active.text()).toBe('0');

    await srv.stop();
    const [task] = await withDb((db) =>
      rows<{ attempts: number; claimed_by: string }>(
        db,
        sql`select attempts, claimed_by from transfer_tasks where transfer_id = ${transferId}`,
      ),
    );
    // Claimed once more, by the restarted server's worker.
    expect(task.attempts).toBe(2);
    expect(task.claimed_by).not.toBe('killed-worker');
  });
});
