/**
 * Site Import benchmark (not a timed test): one site's import of its 25,000-item store file, the
 * whole per-site task (read the newest item file, compare with the site's rows, write the outside
 * updates, complete the task in one transaction), beside its floor: parsing the same bytes with no
 * database. Two files: identical to the site's rows, and one with 1,000 price differences; both
 * read in full ("modified items only" off), and the second also with modified items only.
 *
 *   DATABASE_URL=... npm run import -w bench -- [--runs 5]
 *
 * Each run imports a different site of zone 1 (a fresh site, so no run reads another's cache of
 * the same rows). The outside updates and runs it made are deleted at the end. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { writeStampedExclusive } from '../../server/src/exchange/exclusive-write';
import { parseNaxml } from '../../server/src/exchange/naxml/naxml-read';
import { buildStoreItemFile, type StoreFileItem } from '../../server/src/exchange/naxml/store-files';
import { fromSiteDir } from '../../server/src/exchange/site-folders';
import { insertTransfer } from '../../server/src/features/transfers/start';
import { createServices } from '../../server/src/services';
import { siteStoreItems } from '../../server/test/support/store-items';
import { round, summarize } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('runs', '5'));
const DIFFS = 1_000;
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the PostgreSQL database to measure');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const db = database.db;
const sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-bench-sites-'));
const config = { ...loadConfig({ DATA_DIR: '/tmp', WEB_DIST: '/nonexistent' }), sitesDir };
const services = createServices({ config, db });
const loadBefore = os.loadavg();

const [zone] = await rows<{ id: number }>(db, sql`select id from zones order by zone_no limit 1`);
const sites = await rows<{ id: number; site_no: number }>(
  db,
  sql`select s.id, s.site_no from zone_sites zs join sites s on s.id = zs.site_id
    where zs.zone_id = ${zone.id} order by zs.priority`,
);
if (sites.length < runs * 3) throw new Error(`zone 1 has ${sites.length} sites; ${runs * 3} needed`);
const [{ max: firstTransfer }] = await rows<{ max: number }>(
  db,
  sql`select coalesce(max(id), 0)::int as max from transfers`,
);

const storeItems = (siteId: number): Promise<StoreFileItem[]> => siteStoreItems(db, siteId);

/** Every 25th item 0.10 dearer (flagged changed): about 1,000 differences in 25,000. */
const withDiffs = (items: StoreFileItem[]) => {
  const step = Math.max(1, Math.floor(items.length / DIFFS));
  return items.map((i, n) =>
    n % step === 0 && n / step < DIFFS
      ? { ...i, unitList: (Number(i.unitList) + 0.1).toFixed(2), changed: true }
      : i,
  );
};

interface CaseRow {
  operation: string;
  items: number;
  records: number;
  differences: number;
  importMs: number[];
  floorMs: number[];
}

async function measure(
  operation: string,
  siteList: typeof sites,
  edit: (i: StoreFileItem[]) => StoreFileItem[],
  options: Record<string, unknown>,
): Promise<CaseRow> {
  const row: CaseRow = { operation, items: 0, records: 0, differences: 0, importMs: [], floorMs: [] };
  for (const site of siteList) {
    const items = edit(await storeItems(site.id));
    const xml = buildStoreItemFile({ storeNo: site.site_no, tableAction: 'initialize', items });
    const dir = fromSiteDir(sitesDir, site.site_no);
    fs.mkdirSync(dir, { recursive: true });
    await writeStampedExclusive(dir, `ITT${String(site.site_no).padStart(3, '0')}`, '.xml', xml);
    const id = await db.transaction((tx) =>
      insertTransfer(tx, { kind: 'Site Import', userName: 'bench', siteIds: [site.id], options }),
    );
    const t0 = performance.now();
    await services.transfers.runPending();
    row.importMs.push(performance.now() - t0);
    const t1 = performance.now();
    parseNaxml(fs.readFileSync(path.join(dir, fs.readdirSync(dir).sort().at(-1) as string), 'utf8'));
    row.floorMs.push(performance.now() - t1);
    const [task] = await rows<{ status: string; error: string | null; result: Record<string, number> }>(
      db,
      sql`select status, error, result from transfer_tasks where transfer_id = ${id}`,
    );
    if (task.status !== 'DONE') throw new Error(`site ${site.site_no}: ${task.error}`);
    row.items = items.length;
    row.records = task.result.Records;
    row.differences = task.result.Differences;
  }
  return row;
}

const result: CaseRow[] = [];
try {
  result.push(
    await measure('identical file, all items read', sites.slice(0, runs), (i) => i, { bModifiedOnly: false }),
  );
  result.push(
    await measure(
      `${DIFFS.toLocaleString('en-US')} price differences, all items read`,
      sites.slice(runs, 2 * runs),
      withDiffs,
      {
        bModifiedOnly: false,
      },
    ),
  );
  result.push(
    await measure(
      `${DIFFS.toLocaleString('en-US')} price differences, modified items only`,
      sites.slice(2 * runs, 3 * runs),
      withDiffs,
      {
        bModifiedOnly: true,
      },
    ),
  );
} finally {
  await db.execute(sql`delete from outside_updates where source = 'Site Import'`);
  await db.execute(sql`delete from transfers where id > ${firstTransfer}`);
  await db.execute(
    sql`delete from site_exchange where site_id in (select site_id from zone_sites where zone_id = ${zone.id})`,
  );
  fs.rmSync(sitesDir, { recursive: true, force: true });
}

const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
const n = (x: number) => x.toLocaleString('en-US');
const lines = [
  `Site Import benchmark on PostgreSQL, zone 1 (${sites.length} sites), one site per run, ${runs} runs per case.`,
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average before ${load(loadBefore)}, after ${load(os.loadavg())}.`,
  '',
  '| operation | store file | records compared | differences | import median ms | import p95 ms | floor (parse only) median ms | import / floor |',
  '|---|---|---|---|---|---|---|---|',
  ...result.map((r) => {
    const a = summarize(r.importMs);
    const f = summarize(r.floorMs);
    return `| ${r.operation} | ${n(r.items)} items | ${n(r.records)} | ${n(r.differences)} | ${n(a.median)} | ${n(a.p95)} | ${n(f.median)} | ${round(a.median / f.median)} |`;
  }),
];
const report = lines.join('\n');
console.log(`\n${report}\n`);
const out = path.join(import.meta.dirname, `../results/site-import-postgres-${sites.length}.md`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${report}\n`);
await database.close();
