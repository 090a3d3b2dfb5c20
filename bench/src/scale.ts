/**
 * Scale-out bench (not a timed test), on PostgreSQL seeded with
 * `pricebook seed --scale --zones 1 --sites 999 --items 25000` (999: store numbers have 3 digits):
 *
 * - search (first page of 100 + count) through the HTTP API, three criteria;
 * - a 5,000-item Set Price (+/-5 %, last digit 9) through the HTTP API, every store of the zone;
 * - a modifications-only Distribute to Sites of that batch to every store of the zone, run by 1, 2
 *   and 4 `pricebook worker` processes (each a separate node process; the HTTP server here runs
 *   with no workers), timed from the start call to the run's end, every task checked DONE with
 *   5,000 records and the workers that took part counted.
 *
 * Before the first run every store is marked as up to date (its change watermark set to the newest
 * change), so each distribution sends exactly the batch. Files go to a temporary folder, deleted
 * after each run; at the end the bench deletes its transfers and the zone's site_exchange and
 * site_item_sent rows.
 *
 *   DATABASE_URL=... npm run scale -w bench -- [--workers 1,2,4|none] [--runs 10] [--setprice-runs N]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoundType, UpdateType } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig, repoRoot } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { type BatchAnswer, signIn } from './api';
import { searchCases } from './cases';
import { requireAutovacuum } from './pg-settings';
import { round, summarize } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const workerCounts = arg('workers', '1,2,4')
  .split(',')
  .filter((w) => w !== '' && w !== 'none')
  .map(Number);
/** Extra Set Price runs before the distributions (alternating up and down), for a steadier median. */
const setPriceRuns = Number(arg('setprice-runs', '0'));
const runs = Number(arg('runs', '10'));
const BATCH = 5_000;
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the PostgreSQL database to measure');

const sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-bench-scale-'));
const database = await openDatabase({ databaseUrl: url });
await database.migrate();
const pgLine = await requireAutovacuum(database.db);
const db = database.db;
const config = { ...loadConfig({ DATA_DIR: '/tmp', WEB_DIST: '/nonexistent' }), databaseUrl: url, sitesDir };
const app = await buildApp({ db, config, dbKind: 'postgres', workers: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const api = await signIn(base);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const [zone] = await rows<{ id: number }>(db, sql`select id from zones order by zone_no limit 1`);
const siteNos = (
  await rows<{ site_no: number }>(
    db,
    sql`select s.site_no from zone_sites zs join sites s on s.id = zs.site_id where zs.zone_id = ${zone.id} order by s.site_no`,
  )
).map((r) => r.site_no);
const [{ items }] = await rows<{ items: number }>(
  db,
  sql`select count(*)::int items from zone_items where zone_id = ${zone.id}`,
);
const [{ max: firstTransfer }] = await rows<{ max: number }>(
  db,
  sql`select coalesce(max(id), 0)::int as max from transfers`,
);
console.log(`zone ${zone.id}: ${siteNos.length} stores x ${items} items; load ${load()}`);

// Every store up to date: a modifications-only run then sends exactly the batch.
await db.execute(sql`insert into site_exchange (site_id, change_watermark)
  select zs.site_id, (select coalesce(max(id), 0) from item_changes) from zone_sites zs where zs.zone_id = ${zone.id}
  on conflict (site_id) do update set change_watermark = excluded.change_watermark`);

const searches = await searchCases({
  db,
  api,
  zoneId: zone.id,
  user: 'bench',
  runs,
  warmup: 2,
  newLayout: true,
});
for (const s of searches)
  console.log(`${s.operation}: median ${round(s.api.median)} ms, p95 ${round(s.api.p95)} ms`);

/** The batch: the first 5,000 items whose ID starts with 7, +5 % or -5 %, last digit 9. */
async function batchSetPrice(up: boolean): Promise<number> {
  const criteria = { ApplyInventoryID: true, InventoryID: '7' };
  const before = await api.search(zone.id, criteria, BATCH);
  const t = performance.now();
  const r = await api.post<BatchAnswer>('/adjust/bench/updateSSCSItemsPriceChange', {
    ZoneSetupID: zone.id,
    SelectedItems: before.map((x) => ({ ID: x.ID, PackSize: x.PackSize, UpdateKey: x.UpdateKey })),
    UpdateType: UpdateType.AddPercent,
    RoundType: RoundType.Last9,
    ChangeAmount: up ? '5' : '-5',
  });
  const ms = performance.now() - t;
  if (r.RootResults?.Saved !== before.length)
    throw new Error(`Set Price saved ${r.RootResults?.Saved} of ${before.length}`);
  return ms;
}

async function startWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'server/src/cli/main.ts'), 'worker'],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url, SITES_DIR: sitesDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const until = Date.now() + 120_000;
  while (!out.includes('running')) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`worker did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

interface RunRow {
  workers: number;
  setPriceMs: number;
  dtsMs: number;
  records: number;
  workersUsed: number;
  load: string;
}
const table: RunRow[] = [];
const setPriceMs: number[] = [];
try {
  for (let i = 0; i < setPriceRuns; i++) {
    setPriceMs.push(await batchSetPrice(i % 2 === 0));
    console.log(`Set Price run ${i + 1}: ${round(setPriceMs.at(-1) as number)} ms, load ${load()}`);
  }
  for (const [i, w] of workerCounts.entries()) {
    const priceMs = await batchSetPrice((i + setPriceRuns) % 2 === 0);
    setPriceMs.push(priceMs);
    const children = await Promise.all(Array.from({ length: w }, startWorker));
    const loadBefore = load();
    const t = performance.now();
    const started = await api.post<{ RootResults: { TransferID: number } }>('/distributeToSites/bench', {
      sitenos: siteNos.join(','),
      bModsOnly: true,
    });
    const id = started.RootResults.TransferID;
    for (;;) {
      const [tr] = await rows<{ status: string }>(db, sql`select status from transfers where id = ${id}`);
      if (tr.status === 'DONE' || tr.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const dtsMs = performance.now() - t;
    const tasks = await rows<{ status: string; records: number; claimed_by: string }>(
      db,
      sql`select status, (result->>'Records')::int records, claimed_by from transfer_tasks where transfer_id = ${id}`,
    );
    const bad = tasks.filter((k) => k.status !== 'DONE' || k.records !== BATCH);
    if (tasks.length !== siteNos.length || bad.length)
      throw new Error(`run ${id}: ${bad.length} stores wrong, e.g. ${JSON.stringify(bad[0])}`);
    const row = {
      workers: w,
      setPriceMs: priceMs,
      dtsMs,
      records: tasks.reduce((n, k) => n + k.records, 0),
      workersUsed: new Set(tasks.map((k) => k.claimed_by)).size,
      load: `${loadBefore} / ${load()}`,
    };
    table.push(row);
    console.log(JSON.stringify(row));
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))),
    );
    for (const e of fs.readdirSync(sitesDir))
      fs.rmSync(path.join(sitesDir, e), { recursive: true, force: true });
  }
} finally {
  await db.execute(sql`delete from transfers where id > ${firstTransfer}`);
  await db.execute(
    sql`delete from site_item_sent where site_id in (select site_id from zone_sites where zone_id = ${zone.id})`,
  );
  await db.execute(
    sql`delete from site_exchange where site_id in (select site_id from zone_sites where zone_id = ${zone.id})`,
  );
  await app.close();
  await database.close();
  fs.rmSync(sitesDir, { recursive: true, force: true });
}

const lines = [
  `Scale bench: ${siteNos.length} stores x ${items} items (zone 1), PostgreSQL, ${os.cpus().length} cores, ${new Date().toISOString()}`,
  `${pgLine}.`,
  '',
  '| operation | median ms | p95 ms | goal |',
  '|---|---|---|---|',
  ...searches.map((s) => `| ${s.operation} | ${round(s.api.median)} | ${round(s.api.p95)} | < 100 |`),
  `| Set Price, ${BATCH} items, all stores (API) | ${round(summarize(setPriceMs).median)} | ${round(Math.max(...setPriceMs))} (max of ${setPriceMs.length}) | < 1000 |`,
  '',
  '| worker processes | workers that took part | records | distribution ms (start to end) | load before / after |',
  '|---|---|---|---|---|',
  ...table.map((r) => `| ${r.workers} | ${r.workersUsed} | ${r.records} | ${round(r.dtsMs)} | ${r.load} |`),
];
const out = lines.join('\n');
console.log(`\n${out}`);
fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(repoRoot, `bench/results/scale-${siteNos.length}.md`), `${out}\n`);
process.exit(0);
