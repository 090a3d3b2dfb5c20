/**
 * Scale-out on PostgreSQL (always PostgreSQL: several processes share one database only there):
 * two HTTP processes with WORKERS=off and two `pricebook worker` processes. A user signs in on one
 * HTTP process and works on the other (sessions live in the database); one Distribute to Sites run
 * to 20 stores is shared by both workers; one worker is killed with -9 while it holds a store, and
 * the other finishes that store: every store's file written exactly once, none missing, every row
 * marked sent once, the run DONE.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { rows } from '../src/db/client';
import { loadScale } from '../src/seed/scale';
import { createTestDatabase, type TestDatabase } from './support/database';
import { type ServerProcess, startServerProcess } from './support/server-process';

const SITES = 20;
const ITEMS = 300;

let tdb: TestDatabase | null = null;
const servers: ServerProcess[] = [];
const workers: ChildProcess[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-scale-out-'));
const sitesDir = path.join(tmp, 'sites');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  for (const s of servers) await s.stop();
  await tdb?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const xmlFiles = (siteNo: number) => {
  const dir = path.join(sitesDir, String(siteNo).padStart(3, '0'), 'to-site');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.xml')) : [];
};

/** A `pricebook worker` process; resolves with it and its worker id once it runs. */
async function startWorker(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; id: string; log: () => string }> {
  const { DATA_DIR: _, ...rest } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'server/src/cli/main.ts'), 'worker'],
    {
      cwd: repoRoot,
      env: { ...rest, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  workers.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const until = Date.now() + 120_000;
  while (!/Worker (\S+) running/.test(out)) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`worker did not start:\n${out}`);
    await sleep(100);
  }
  return { child, id: /Worker (\S+) running/.exec(out)?.[1] as string, log: () => out };
}

describe('scale-out on PostgreSQL: two HTTP processes, two worker processes', () => {
  it('shares one distribution between the workers; a worker killed -9 leaves its store to the other, done once', async () => {
    tdb = await createTestDatabase({ kind: 'postgres' });
    await loadScale(tdb.db, { zones: 1, sites: SITES, items: ITEMS });
    const env: Record<string, string> = {
      ...tdb.env,
      DEMO_ON_EMPTY: 'false',
      STORE_SIM: 'off',
      SITES_DIR: sitesDir,
    };
    const [a, b] = await Promise.all([
      startServerProcess({ env: { ...env, WORKERS: 'off' } }),
      startServerProcess({ env: { ...env, WORKERS: 'off' } }),
    ]);
    servers.push(a, b);

    // Signed in on A, working on B.
    const login = await fetch(`${a.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'bench', password: 'bench' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('cpb_session=')) ?? '').split(
      ';',
    )[0];
    const zones = await fetch(`${b.url}/userZones/bench`, { headers: { cookie } });
    expect(zones.status).toBe(200);
    const started = await fetch(`${b.url}/distributeToSites/bench`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        sitenos: Array.from({ length: SITES }, (_, i) => i + 1).join(','),
        bModsOnly: false,
      }),
    });
    expect(started.status, await started.clone().text()).toBe(200);
    const transferId: number = (await started.json()).RootResults.TransferID;

    // Each site's task waits 1.5 s after writing its file (test-only pause): a worker killed then
    // holds a store whose file is written but whose rows are not marked.
    const workerEnv = { ...env, CPB_TEST_PAUSE: 'dts-after-file:1500', TRANSFER_PARALLEL: '1' };
    const [w1, w2] = await Promise.all([startWorker(workerEnv), startWorker(workerEnv)]);

    const tasks = () =>
      rows<{ site_no: number; status: string; claimed_by: string | null; attempts: number }>(
        tdb!.db,
        sql`select s.site_no, k.status, k.claimed_by, k.attempts from transfer_tasks k join sites s on s.id = k.site_id
          where k.transfer_id = ${transferId} order by s.site_no`,
      );
    // Wait until both workers work on the run and the first holds a store, then kill it.
    let held: number[] = [];
    const until = Date.now() + 120_000;
    for (;;) {
      const t = await tasks();
      const byW1 = t.filter((k) => k.claimed_by === w1.id);
      const byW2 = t.filter((k) => k.claimed_by === w2.id);
      held = byW1.filter((k) => k.status === 'RUNNING').map((k) => k.site_no);
      if (byW1.some((k) => k.status === 'DONE') && byW2.length > 0 && held.length > 0) break;
      if (Date.now() > until)
        throw new Error(`the workers did not share the run:\n${JSON.stringify(t)}\n${w1.log()}\n${w2.log()}`);
      await sleep(100);
    }
    w1.child.kill('SIGKILL');
    const doneByW1 = (await tasks())
      .filter((k) => k.claimed_by === w1.id && k.status === 'DONE')
      .map((k) => k.site_no);

    // The other worker takes the dead one's store over once its claim is stale (30 s) and ends the run.
    const end = Date.now() + 150_000;
    let status = 'PENDING';
    while (status === 'PENDING' || status === 'FINISHING') {
      if (Date.now() > end)
        throw new Error(`the run did not end:\n${JSON.stringify(await tasks())}\n${w2.log()}`);
      await sleep(500);
      status = (
        await rows<{ status: string }>(tdb.db, sql`select status from transfers where id = ${transferId}`)
      )[0].status;
    }
    expect(status).toBe('DONE');
    const final = await tasks();
    expect(final.map((k) => k.status)).toEqual(Array(SITES).fill('DONE'));
    // Shared: both workers finished stores; the killed worker's store was finished by the other.
    expect(doneByW1.length).toBeGreaterThan(0);
    expect(final.filter((k) => k.claimed_by === w2.id).length).toBeGreaterThan(0);
    for (const site of held) expect(final.find((k) => k.site_no === site)?.claimed_by).toBe(w2.id);
    // Each store's file exactly once, none missing; every row marked sent once.
    for (let n = 1; n <= SITES; n++) expect(xmlFiles(n), `store ${n}`).toHaveLength(1);
    const [sent] = await rows<{ n: number; distinct_rows: number }>(
      tdb.db,
      sql`select count(*)::int n, count(distinct (site_id, item_id, pack_size))::int distinct_rows from site_item_sent`,
    );
    expect(sent).toEqual({ n: SITES * ITEMS, distinct_rows: SITES * ITEMS });
    const [exch] = await rows<{ n: number }>(
      tdb.db,
      sql`select count(*)::int n from site_exchange where last_dist_file is not null`,
    );
    expect(exch.n).toBe(SITES);
  }, 400_000);
});
