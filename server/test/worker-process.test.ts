/**
 * `npm run pricebook -- worker` runs a transfer another process started. An HTTP-only server
 * (WORKERS=off) starts a Distribute to Sites run through the API and does not run it; a separate
 * worker-only process (the CLI command) then does. On PostgreSQL both run at once, as in a
 * deployment with several instances; on the embedded database (one process per data folder) the
 * server stops first and the worker opens the same folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { type Db, openDatabase, rows } from '../src/db/client';
import { loadScale } from '../src/seed/scale';
import { createTestDatabase, dbKind, type TestDatabase } from './support/database';
import { type ServerProcess, startServerProcess } from './support/server-process';

const SITES = 3;
const ITEMS = 40;

let srv: ServerProcess | null = null;
let worker: ChildProcess | null = null;
let tdb: TestDatabase | null = null;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-worker-'));
const dataDir = path.join(tmp, 'data');
const sitesDir = path.join(tmp, 'sites');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A temporary file as a write leaves it, `minutesOld` old; its path. */
function temp(rel: string, minutesOld: number): string {
  const p = path.join(sitesDir, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, '<NAXML-');
  const t = new Date(Date.now() - minutesOld * 60_000);
  fs.utimesSync(p, t, t);
  return p;
}

afterAll(async () => {
  worker?.kill('SIGKILL');
  await srv?.stop();
  await tdb?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  if (tdb) return fn(tdb.db);
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const xmlFiles = (siteNo: number) => {
  const dir = path.join(sitesDir, String(siteNo).padStart(3, '0'), 'to-site');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.xml')) : [];
};

/** The run's tasks as "site status claimed-by". */
const taskStates = (db: Db, transferId: number) =>
  rows<{ site_no: number; status: string; claimed_by: string | null }>(
    db,
    sql`select s.site_no, k.status, k.claimed_by from transfer_tasks k join sites s on s.id = k.site_id
      where k.transfer_id = ${transferId} order by s.site_no`,
  );

describe('npm run pricebook -- worker', () => {
  it('runs a Distribute to Sites run an HTTP-only server (WORKERS=off) started', async () => {
    const env: Record<string, string> = {
      DEMO_ON_EMPTY: 'false',
      STORE_SIM: 'off',
      SITES_DIR: sitesDir,
      WORKERS: 'off',
    };
    if (dbKind === 'postgres') {
      tdb = await createTestDatabase();
      Object.assign(env, tdb.env);
    }
    await withDb((db) => loadScale(db, { zones: 1, sites: SITES, items: ITEMS }));
    // A write killed mid-way 11 minutes ago, and one under way right now.
    const leftByServerCrash = temp('001/to-site/.ITT00120261126010000.xml.0a1b2c3d.tmp', 11);
    const underWay = temp('002/from-site/.ACK00220261126010000.xml.abcdef01.tmp', 0);
    srv = await startServerProcess({ env, dataDir: tdb ? undefined : dataDir });
    // The server cleaned at start: the old one is gone, the new one kept.
    expect(fs.existsSync(leftByServerCrash)).toBe(false);
    expect(fs.existsSync(underWay)).toBe(true);
    const login = await fetch(`${srv.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'bench', password: 'bench' }),
    });
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('cpb_session=')) ?? '').split(
      ';',
    )[0];
    const res = await fetch(`${srv.url}/distributeToSites/bench`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ sitenos: '1,2,3', bModsOnly: false }),
    });
    expect(res.status).toBe(200);
    const transferId: number = (await res.json()).RootResults.TransferID;

    // The HTTP-only server does not run it.
    await sleep(3000);
    expect([1, 2, 3].flatMap(xmlFiles)).toEqual([]);
    if (!tdb) await srv.stop();
    expect((await withDb((db) => taskStates(db, transferId))).map((t) => t.status)).toEqual([
      'PENDING',
      'PENDING',
      'PENDING',
    ]);

    // The worker process cleans at start too.
    const leftByWorkerCrash = temp('003/from-site/rejected/.ITT00320261126010000.xml.deadbeef.tmp', 30);
    const { DATA_DIR: _, ...rest } = process.env;
    worker = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'server/src/cli/main.ts'), 'worker'],
      {
        cwd: repoRoot,
        env: { ...rest, LOG_LEVEL: 'warn', ...env, ...(tdb ? {} : { DATA_DIR: dataDir }) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    worker.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    worker.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => worker?.once('exit', (code) => resolve(code)));

    const until = Date.now() + 60_000;
    const ended = async () =>
      tdb
        ? (
            await rows<{ status: string }>(tdb.db, sql`select status from transfers where id = ${transferId}`)
          )[0].status !== 'PENDING'
        : [1, 2, 3].every((n) => xmlFiles(n).length > 0);
    while (!(await ended())) {
      if (Date.now() > until) throw new Error(`the worker did not run the transfer:\n${out.slice(-3000)}`);
      await sleep(200);
    }
    // Embedded: the files are there; give the marking and the run's end a moment before stopping.
    if (!tdb) await sleep(5000);
    const workerId = /Worker (\S+) running transfers/.exec(out)?.[1];
    expect(out).toContain('Removed 1 temporary file(s) left by interrupted writes.');
    expect(fs.existsSync(leftByWorkerCrash)).toBe(false);
    expect(fs.existsSync(underWay)).toBe(true);
    expect(workerId).toMatch(new RegExp(`:${worker.pid}:`));
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    worker = null;

    await withDb(async (db) => {
      const [tr] = await rows<{ status: string }>(
        db,
        sql`select status from transfers where id = ${transferId}`,
      );
      expect(tr.status).toBe('DONE');
      expect(await taskStates(db, transferId)).toEqual(
        [1, 2, 3].map((n) => ({ site_no: n, status: 'DONE', claimed_by: workerId })),
      );
      const [sent] = await rows<{ n: number }>(db, sql`select count(*)::int n from site_item_sent`);
      expect(sent.n).toBe(SITES * ITEMS);
    });
    for (const n of [1, 2, 3]) expect(xmlFiles(n)).toHaveLength(1);
  }, 180_000);
});
