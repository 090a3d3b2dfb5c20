/**
 * Distribute to Sites benchmark (not a timed test), on PostgreSQL seeded with
 * `pricebook seed --scale --zones 1 --sites 50 --items 25000`:
 *
 * - full: every site of zone 1 gets its whole price book (`initialize`, 25,000 items each);
 * - modifications only after a 5,000-item Set Price (the first 5,000 items of the zone, +/-0.10
 *   in turn, through the write path, untimed), each site getting those 5,000 changes.
 *
 * Measured through the service path the HTTP route takes: `services.distribution.dts.start`
 * (events merged, transfer, tasks and queue job in one transaction) then
 * `services.transfers.runPending()` (the real runner: claims, plans, writes, marks; 2 sites at
 * once, the PostgreSQL default). The floor: the same bytes written with no database, i.e. each
 * site's plan read beforehand (untimed) and only the NAXML built and written (temporary name,
 * fsync, link), one site after another. The files of a run are deleted after it (untimed).
 *
 *   DATABASE_URL=... npm run dts -w bench -- [--runs 3] [--mods-runs 4] [--parallel N]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromMinor, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { writeStampedExclusive } from '../../server/src/exchange/exclusive-write';
import { fileName, planXml } from '../../server/src/features/distribution/dts-site';
import { latestChange, planSite, sitesByNumber } from '../../server/src/features/distribution/plan';
import { writeSiteItems } from '../../server/src/features/pricebook/write';
import { beginWrite } from '../../server/src/features/pricebook/write-scope';
import { createServices } from '../../server/src/services';
import { round, summarize } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('runs', '3'));
const modsRuns = Number(arg('mods-runs', '4'));
/** Sites a run works on at once (TRANSFER_PARALLEL); unset: the server's default (2 on PostgreSQL). */
const parallel = process.argv.includes('--parallel') ? Number(arg('parallel', '2')) : null;
const SET_PRICE_ITEMS = 5_000;
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the PostgreSQL database to measure');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const db = database.db;
const sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-bench-dts-'));
const floorDir = path.join(sitesDir, 'floor');
const config = {
  ...loadConfig({ DATA_DIR: '/tmp', WEB_DIST: '/nonexistent' }),
  sitesDir,
  transferParallel: parallel,
};
const services = createServices({ config, db });
await services.transfers.ready();

const [zone] = await rows<{ id: number }>(db, sql`select id from zones order by zone_no limit 1`);
const [user] = await rows<{ id: number }>(db, sql`select id from users where user_name = 'bench'`);
const siteNos = (
  await rows<{ site_no: number }>(
    db,
    sql`select s.site_no from zone_sites zs join sites s on s.id = zs.site_id where zs.zone_id = ${zone.id} order by s.site_no`,
  )
).map((r) => r.site_no);
const { sites } = await sitesByNumber(db, siteNos);
const [{ max: firstTransfer }] = await rows<{ max: number }>(
  db,
  sql`select coalesce(max(id), 0)::int as max from transfers`,
);

const dirBytes = (dir: string): number =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => {
        const p = path.join(dir, e.name);
        return n + (e.isDirectory() ? dirBytes(p) : fs.statSync(p).size);
      }, 0)
    : 0;
const clearFiles = () => {
  for (const e of fs.readdirSync(sitesDir))
    fs.rmSync(path.join(sitesDir, e), { recursive: true, force: true });
};

/** The floor: each site's plan read (untimed), then only the file built and written (timed). */
async function floor(full: boolean): Promise<{ ms: number; bytes: number }> {
  const to = await latestChange(db);
  let ms = 0;
  for (const site of sites) {
    const plan = await planSite(db, site, { full, toWatermark: to });
    const t = performance.now();
    const dir = path.join(floorDir, String(site.siteNo));
    fs.mkdirSync(dir, { recursive: true });
    await writeStampedExclusive(dir, fileName(site.siteNo), '.xml', planXml(plan));
    ms += performance.now() - t;
  }
  const bytes = dirBytes(floorDir);
  fs.rmSync(floorDir, { recursive: true, force: true });
  return { ms, bytes };
}

interface Measured {
  ms: number;
  bytes: number;
  records: number;
  /** Per-site task time (claim to end) in ms, from transfer_tasks. */
  taskMs: number[];
}

/** One run through the service path, checked: every site DONE with the expected records. */
async function serviceRun(full: boolean, recordsPerSite: number): Promise<Measured> {
  const t = performance.now();
  const { transferId } = await services.distribution.dts.start({
    userId: user.id,
    userName: 'bench',
    siteIds: sites.map((s) => s.id),
    bModsOnly: !full,
  });
  await services.transfers.runPending();
  const ms = performance.now() - t;
  const tasks = await rows<{ status: string; error: string | null; records: number; ms: number }>(
    db,
    sql`select status, error, (result->>'Records')::int records,
        extract(epoch from finished_at - claimed_at) * 1000 as ms
      from transfer_tasks where transfer_id = ${transferId}`,
  );
  const bad = tasks.filter((k) => k.status !== 'DONE' || k.records !== recordsPerSite);
  if (tasks.length !== sites.length || bad.length) {
    throw new Error(`run ${transferId}: ${bad.length} sites wrong, e.g. ${JSON.stringify(bad[0])}`);
  }
  const bytes = dirBytes(sitesDir);
  clearFiles();
  return {
    ms,
    bytes,
    records: tasks.reduce((n, k) => n + k.records, 0),
    taskMs: tasks.map((k) => Number(k.ms)),
  };
}

/** The untimed Set Price: the zone's first 5,000 items +/-0.10 at every site (whole zone). */
async function setPrice(up: boolean): Promise<void> {
  const items = await rows<{ item_id: string; pack_size: number; unit_list: string }>(
    db,
    sql`select item_id, pack_size, unit_list::text unit_list from zone_items where zone_id = ${zone.id}
      order by item_id, pack_size limit ${SET_PRICE_ITEMS}`,
  );
  const step = up ? 10n : -10n;
  await db.transaction(async (tx) => {
    const scope = await beginWrite(tx, { userId: user.id, zoneId: zone.id });
    await writeSiteItems({
      ex: tx,
      scope,
      user: 'bench',
      source: 'Item Adjustment',
      zoneId: zone.id,
      fields: ['unitList'],
      keysChecked: true,
      changes: items.map((i) => ({
        itemId: i.item_id,
        packSize: i.pack_size,
        values: { unitList: fromMinor(toMinor(i.unit_list, 2) + step, 2) },
      })),
    });
  });
}

interface CaseRow {
  operation: string;
  goalMs: number;
  service: number[];
  floor: number[];
  bytes: number;
  floorBytes: number;
  records: number;
  taskMs: number[];
  load: number[][];
}

async function measure(
  operation: string,
  full: boolean,
  n: number,
  goalMs: number,
  before?: (i: number) => Promise<void>,
) {
  const row: CaseRow = {
    operation,
    goalMs,
    service: [],
    floor: [],
    bytes: 0,
    floorBytes: 0,
    records: 0,
    taskMs: [],
    load: [],
  };
  const perSite = full
    ? Number(
        (
          await rows<{ n: number }>(
            db,
            sql`select count(*)::int n from zone_items where zone_id = ${zone.id}`,
          )
        )[0].n,
      )
    : SET_PRICE_ITEMS;
  for (let i = 0; i < n; i++) {
    if (before) await before(i);
    const f = await floor(full);
    row.load.push(os.loadavg());
    const s = await serviceRun(full, perSite);
    row.service.push(s.ms);
    row.floor.push(f.ms);
    row.bytes = s.bytes;
    row.floorBytes = f.bytes;
    row.records = s.records;
    row.taskMs.push(...s.taskMs);
    console.log(
      `${operation} run ${i + 1}: service ${s.ms.toFixed(0)} ms, floor ${f.ms.toFixed(0)} ms, ${s.bytes} / ${f.bytes} bytes, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  }
  return row;
}

const result: CaseRow[] = [];
try {
  result.push(await measure(`full, ${sites.length} sites`, true, runs, 30_000));
  result.push(
    await measure(
      `modifications only after a ${SET_PRICE_ITEMS.toLocaleString('en-US')}-item Set Price, ${sites.length} sites`,
      false,
      modsRuns,
      5_000,
      (i) => setPrice(i % 2 === 0),
    ),
  );
} finally {
  await services.stopWorkers();
  await db.execute(sql`delete from transfers where id > ${firstTransfer}`);
  await db.execute(
    sql`delete from site_item_sent where site_id in (select site_id from zone_sites where zone_id = ${zone.id})`,
  );
  await db.execute(
    sql`delete from site_exchange where site_id in (select site_id from zone_sites where zone_id = ${zone.id})`,
  );
  fs.rmSync(sitesDir, { recursive: true, force: true });
}

const n = (x: number) => x.toLocaleString('en-US');
const s = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `${n(summarize(ms).median)} (${n(round(sorted[0]))}-${n(round(sorted[sorted.length - 1]))})`;
};
const loads = (l: number[][]) =>
  `${Math.min(...l.map((x) => x[0])).toFixed(1)}-${Math.max(...l.map((x) => x[0])).toFixed(1)}`;
const lines = [
  `Distribute to Sites benchmark on PostgreSQL, zone 1: ${sites.length} sites; ${runs} full runs, ${modsRuns} modifications-only runs; ${parallel ?? 'default (2)'} sites at once.`,
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average (1 min) at each run's start in the last column.`,
  '',
  '| size | operation | records written | bytes written (service / floor) | service median (min-max) ms | per-site task median (min-max) ms | floor median (min-max) ms | service / floor | goal | load avg |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...result.map((r) => {
    const ratio = round(summarize(r.service).median / summarize(r.floor).median);
    const met = summarize(r.service).median < r.goalMs ? 'met' : 'missed';
    return `| ${sites.length} sites x 25,000 items | ${r.operation} | ${n(r.records)} | ${n(r.bytes)} / ${n(r.floorBytes)} | ${s(r.service)} | ${s(r.taskMs)} | ${s(r.floor)} | ${ratio} | < ${n(r.goalMs / 1000)} s ${met} | ${loads(r.load)} |`;
  }),
];
const report = lines.join('\n');
console.log(`\n${report}\n`);
const out = path.join(
  import.meta.dirname,
  `../results/dts-postgres-${sites.length}${parallel ? `-p${parallel}` : ''}.md`,
);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${report}\n`);
await database.close();
