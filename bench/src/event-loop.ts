/**
 * Event loop while the server reads store files (issue 27: "parsing never blocks the event loop for
 * more than 50 ms"). Not a timed test. The app runs in this process as the server runs it (HTTP on
 * a real socket, transfer and job workers in the same process); the bench signs in over HTTP and,
 * per step, measures in the server's process the event loop's delay (perf_hooks
 * monitorEventLoopDelay, resolution 10 ms: max and p99) and, from a child process polling
 * `GET /healthz` every 20 ms, the worst answer time, beside the time of the whole step:
 *
 *   a  Site Import of a store's full list of 25,000 items (~16 MB, the store simulator's writer),
 *      1,000 of them with another price, every record read and compared;
 *   b  Site Import of a file near the size bound: the store's items plus new ones up to ~60 MB
 *      (the new ones not flagged as changed, so the import reads them all but writes only the
 *      1,000 changed records);
 *   c  Site Import of the 25,000-item list with a 40 MB comment inside (a hostile file's shape);
 *   d  the acknowledgement job (picker nudge) reading an ACK file of several MB (30,000 refused
 *      records);
 *   e  Site Import of an invoice CSV of several MB (500 invoices x 100 lines);
 *   f  Vendor Import of an 832 of 50,000 items (half the zone's items with a new cost, half new);
 *   g  Distribute to Sites, full, to 3 stores (the XML writing side).
 *
 *   npm run evloop -w bench -- --db pglite [--sites 5 --items 25000] [--steps a,b,c,d,e,f,g]
 *   DATABASE_URL=... npm run evloop -w bench -- --db postgres [--steps ...]
 *
 * PGlite loads `--sites` x `--items` into a temporary embedded database (its statements run in this
 * thread and count against the loop); PostgreSQL uses DATABASE_URL as seeded (`seed --scale`; the
 * zone needs 5 stores). Files go to a temporary SITES_DIR, deleted at the end with what the steps
 * wrote (transfers, outside updates, invoices, vendor rows, site_exchange of the zone's sites).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { checkDigit, fromMinor, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { buildInvoiceFile, type Invoice } from '../../server/src/exchange/csv/invoice-file';
import { writeStampedExclusive } from '../../server/src/exchange/exclusive-write';
import {
  buildAck,
  buildStoreItemFile,
  type StoreFileItem,
} from '../../server/src/exchange/naxml/store-files';
import { fromSiteDir, siteExchangeDir } from '../../server/src/exchange/site-folders';
import type { CatalogItem } from '../../server/src/exchange/x12/x12-832';
import { loadScale } from '../../server/src/seed/scale';
import { siteStoreItems } from '../../server/test/support/store-items';
import { signIn } from './api';
import { benchCatalog, catalogLine } from './catalog-line';
import { round } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const kind = arg('db', 'pglite');
if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--db must be pglite or postgres');
const steps = new Set(arg('steps', 'a,b,c,d,e,f,g').split(','));
const BOUND_MS = 50;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-bench-evloop-'));
const sitesDir = path.join(tmp, 'sites');
const database = await openDatabase(
  kind === 'postgres' ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(tmp, 'data') },
);
await database.migrate();
if (kind === 'pglite') {
  const scale = { zones: 1, sites: Number(arg('sites', '5')), items: Number(arg('items', '25000')) };
  const t = performance.now();
  const r = await loadScale(database.db, scale);
  console.log(
    `Loaded ${r.siteRows} site rows into PGlite in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}
const db = database.db;
const config = {
  ...loadConfig({ DATA_DIR: path.join(tmp, 'data'), WEB_DIST: '/nonexistent' }),
  databaseUrl: kind === 'postgres' ? (process.env.DATABASE_URL ?? null) : null,
  sitesDir,
};
const app = await buildApp({ db, config, dbKind: database.kind, workers: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const api = await signIn(base);

const [zone] = await rows<{ id: number }>(db, sql`select id from zones order by zone_no limit 1`);
const sites = await rows<{ id: number; site_no: number; exchange_dir: string | null }>(
  db,
  sql`select s.id, s.site_no, s.exchange_dir from zone_sites zs join sites s on s.id = zs.site_id
    where zs.zone_id = ${zone.id} order by zs.priority`,
);
if (sites.length < 5) throw new Error(`zone 1 has ${sites.length} sites; 5 needed`);
const [{ max: firstTransfer }] = await rows<{ max: number }>(
  db,
  sql`select coalesce(max(id), 0)::int as max from transfers`,
);
const [vendor] = await rows<{ id: string }>(db, sql`select id from vendors order by id limit 1`);

// --- measuring -------------------------------------------------------------------------------

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

/** A child process asking GET /healthz every 20 ms (one at a time); answers its worst on request. */
const POLLER = `
const base = process.argv[1];
let lat = [];
let since = null;
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (l) => {
  if (l === 'report') {
    // A call still waiting counts with its time so far (the server may answer it after the report).
    const s = [...lat, ...(since === null ? [] : [performance.now() - since])].sort((a, b) => a - b);
    const at = (q) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : 0);
    process.stdout.write(JSON.stringify({ n: s.length, max: s.at(-1) ?? 0, p99: at(0.99) }) + '\\n');
  } else if (l === 'reset') lat = [];
  else if (l === 'stop') process.exit(0);
});
(async () => {
  for (;;) {
    const t = performance.now();
    since = t;
    try { await (await fetch(base + '/healthz')).text(); } catch {}
    const d = performance.now() - t;
    since = null;
    lat.push(d);
    await new Promise((r) => setTimeout(r, Math.max(0, 20 - d)));
  }
})();`;
const poller: ChildProcess = spawn(process.execPath, ['-e', POLLER, `${base}`], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const answers = createInterface({ input: poller.stdout as NodeJS.ReadableStream });
const pending: Array<(l: string) => void> = [];
answers.on('line', (l) => pending.shift()?.(l));
const pollerSay = (cmd: string) => poller.stdin?.write(`${cmd}\n`);
const pollerReport = () =>
  new Promise<{ n: number; max: number; p99: number }>((resolve) => {
    pending.push((l) => resolve(JSON.parse(l)));
    pollerSay('report');
  });

interface Row {
  step: string;
  ms: number;
  loopMax: number;
  loopP99: number;
  healthMax: number;
  healthP99: number;
  polls: number;
  load: string;
  outcome: string;
}
const result: Row[] = [];
const ms = (ns: number) => round(ns / 1e6);
const loadAvg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Runs `work` with the loop's histogram and the poller reset before it; one row of the table. */
async function measure(step: string, work: () => Promise<string>) {
  // A quiet moment first: what an earlier step left running (a job, a vacuum) is not counted here.
  await new Promise((r) => setTimeout(r, 1_000));
  const load = loadAvg();
  loop.reset();
  pollerSay('reset');
  const t = performance.now();
  const outcome = await work();
  const took = performance.now() - t;
  const loopMax = ms(loop.max);
  const loopP99 = ms(loop.percentile(99));
  const h = await pollerReport();
  const row: Row = {
    step,
    ms: round(took),
    loopMax,
    loopP99,
    healthMax: round(h.max),
    healthP99: round(h.p99),
    polls: h.n,
    load: `${load} / ${loadAvg()}`,
    outcome,
  };
  console.log(JSON.stringify(row));
  result.push(row);
}

/** Waits for every task of the transfer to end; fails unless all are DONE. */
async function finished(transferId: number): Promise<Array<Record<string, unknown>>> {
  for (;;) {
    const tasks = await rows<{
      status: string;
      error: string | null;
      result: Record<string, unknown> | null;
    }>(db, sql`select status, error, result from transfer_tasks where transfer_id = ${transferId}`);
    if (tasks.length && tasks.every((k) => k.status === 'DONE' || k.status === 'FAILED')) {
      const bad = tasks.find((k) => k.status !== 'DONE');
      if (bad) throw new Error(`transfer ${transferId}: ${bad.error}`);
      return tasks.map((k) => k.result ?? {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// --- files -----------------------------------------------------------------------------------

const mb = (s: string) => `${(Buffer.byteLength(s) / 1048576).toFixed(1)} MB`;
const n = (x: number) => x.toLocaleString('en-US');

async function putFile(site: (typeof sites)[number], prefix: string, ext: string, text: string) {
  const dir = fromSiteDir(sitesDir, site.site_no);
  fs.mkdirSync(dir, { recursive: true });
  await writeStampedExclusive(dir, `${prefix}${String(site.site_no).padStart(3, '0')}`, ext, text);
}

/** Every 25th item 0.10 dearer (flagged changed): 1,000 differences in 25,000. */
const withDiffs = (items: StoreFileItem[]) =>
  items.map((i, k) =>
    k % 25 === 0 ? { ...i, unitList: fromMinor(toMinor(i.unitList, 2) + 10n, 2), changed: true } : i,
  );

/** New items (not at the site), copies of `like` with 11-digit IDs 8xxxxxxxxxx, not flagged changed. */
const newItems = (like: StoreFileItem, count: number): StoreFileItem[] =>
  Array.from({ length: count }, (_, k) => ({
    ...like,
    itemId: `8${String(k).padStart(10, '0')}`,
    changed: false,
  }));

async function siteImport(site: (typeof sites)[number], modifiedOnly: boolean) {
  const r = await api.post<{ RootResults: { TransferID: number } }>('/importSelectedSites/bench', {
    sitenos: String(site.site_no),
    bModifiedOnly: modifiedOnly,
  });
  const [res] = await finished(r.RootResults.TransferID);
  return res;
}

const summary = (r: Record<string, unknown>) =>
  ['Records', 'Differences', 'NewItems', 'Invoices', 'Skipped', 'Rejected']
    .filter((k) => r[k] !== undefined && r[k] !== 0)
    .map((k) => `${k} ${typeof r[k] === 'number' ? n(r[k] as number) : String(r[k]).slice(0, 80)}`)
    .join(', ');

// --- the steps -------------------------------------------------------------------------------

try {
  if (steps.has('a')) {
    const site = sites[0];
    const items = withDiffs(await siteStoreItems(db, site.id));
    const xml = buildStoreItemFile({ storeNo: site.site_no, tableAction: 'initialize', items });
    await putFile(site, 'ITT', '.xml', xml);
    await measure(`a. Site Import, full list of ${n(items.length)} items (${mb(xml)}), all read`, async () =>
      summary(await siteImport(site, false)),
    );
  }
  if (steps.has('b')) {
    const site = sites[1];
    const own = withDiffs(await siteStoreItems(db, site.id));
    const items = [...own, ...newItems(own[1], 69_000)];
    const xml = buildStoreItemFile({ storeNo: site.site_no, tableAction: 'initialize', items });
    await putFile(site, 'ITT', '.xml', xml);
    await measure(
      `b. Site Import near the size bound: ${n(items.length)} items (${mb(xml)}), changed ones compared`,
      async () => summary(await siteImport(site, true)),
    );
  }
  if (steps.has('c')) {
    const site = sites[2];
    const items = withDiffs(await siteStoreItems(db, site.id));
    const list = buildStoreItemFile({ storeNo: site.site_no, tableAction: 'initialize', items });
    const at = list.lastIndexOf('</NAXML-MaintenanceRequest>');
    const xml = `${list.slice(0, at)}<!--${' comment'.repeat(5_000_000)}-->\n${list.slice(at)}`;
    await putFile(site, 'ITT', '.xml', xml);
    await measure(
      `c. Site Import, ${n(items.length)} items and a 40 MB comment (${mb(xml)}), changed ones compared`,
      async () => summary(await siteImport(site, true)),
    );
  }
  if (steps.has('d')) {
    const site = sites[3];
    const file = `ITT${String(site.site_no).padStart(3, '0')}20261126000000.xml`;
    await db.execute(sql`insert into site_exchange (site_id, last_dist_file) values (${site.id}, ${file})
      on conflict (site_id) do update set last_dist_file = excluded.last_dist_file, last_ack_for = null`);
    const own = await siteStoreItems(db, site.id);
    const ack = buildAck({
      storeNo: site.site_no,
      file,
      sha256: '0'.repeat(64),
      status: 'applied',
      processedAt: new Date().toISOString(),
      error: null,
      records: own.length + 30_000,
      applied: own.length,
      refused: Array.from({ length: 30_000 }, (_, k) => ({
        table: 'ITT' as const,
        action: 'addchange' as const,
        itemId: own[k % own.length].itemId,
        packSize: own[k % own.length].packSize,
        posCode: `${own[k % own.length].itemId}${checkDigit(own[k % own.length].itemId)}`,
        merchandiseCode: 1001,
        reason: `RegularSellPrice is below the cost the register holds for this item (record ${k})`,
      })),
    });
    await putFile(site, 'ACK', '.xml', ack);
    await measure(`d. acknowledgement job, one ACK file of 30,000 refused records (${mb(ack)})`, async () => {
      // The picker nudges the job (it never reads files itself); the job records the ACK.
      await fetch(`${base}/zonesSites/bench/${zone.id}`, { headers: { cookie: api.cookie } });
      for (;;) {
        const [x] = await rows<{ last_ack_for: string | null; last_ack_refused: number | null }>(
          db,
          sql`select last_ack_for, last_ack_refused from site_exchange where site_id = ${site.id}`,
        );
        if (x?.last_ack_for === file) return `recorded, ${n(x.last_ack_refused ?? 0)} refused`;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
  }
  if (steps.has('e')) {
    const site = sites[4];
    const own = await siteStoreItems(db, site.id);
    const invoices: Invoice[] = Array.from({ length: 500 }, (_, k) => ({
      invoiceNo: `EVL${k}`,
      invoiceDate: '2026-11-20',
      vendorId: vendor.id,
      lines: Array.from({ length: 100 }, (_, l) => {
        const it = own[(k * 100 + l) % own.length];
        return {
          lineNo: l + 1,
          itemId: it.itemId,
          packSize: it.packSize,
          description: it.description,
          quantity: '12',
          unitCost: '1.2345',
        };
      }),
    }));
    const csv = buildInvoiceFile(invoices);
    await putFile(site, 'INV', '.csv', csv);
    await measure(`e. Site Import of an invoice file, 500 invoices x 100 lines (${mb(csv)})`, async () =>
      summary(await siteImport(site, true)),
    );
  }
  if (steps.has('f')) await vendorImportStep();
  if (steps.has('g')) {
    const three = sites.slice(0, 3);
    await measure('g. Distribute to Sites, full, 3 stores x 25,000 items (XML writing)', async () => {
      const r = await api.post<{ RootResults: { TransferID: number } }>('/distributeToSites/bench', {
        sitenos: three.map((s) => s.site_no).join(','),
        bModsOnly: false,
      });
      const res = await finished(r.RootResults.TransferID);
      return `Records ${res.map((x) => n(Number(x.Records))).join(' / ')}`;
    });
  }
} finally {
  pollerSay('stop');
  await app.close();
  if (kind === 'postgres') {
    await db.execute(sql`delete from outside_updates where source in ('Site Import', 'Vendor Import')`);
    await db.execute(sql`delete from invoices where invoice_no like 'EVL%'`);
    await db.execute(
      sql`delete from item_vendor_numbers where vendor_item like 'B%' and vendor_id = ${vendor.id}`,
    );
    await db.execute(sql`delete from vendor_imported_files where file_name like 'BENCH%'`);
    await db.execute(sql`delete from vendor_import_setups where file_mask = 'BENCH*.832'`);
    await db.execute(sql`delete from transfers where id > ${firstTransfer}`);
    await db.execute(
      sql`delete from site_item_sent where site_id in (select site_id from zone_sites where zone_id = ${zone.id})`,
    );
    await db.execute(
      sql`delete from site_exchange where site_id in (select site_id from zone_sites where zone_id = ${zone.id})`,
    );
  }
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}

/** f: one 832 of 50,000 lines (vendor-import.ts's file) through the Vendor Import transfer. */
async function vendorImportStep() {
  const total = 50_000;
  const site = sites[0];
  const known = await rows<{ item_id: string; unit_cost: string; unit_list: string }>(
    db,
    sql`select item_id, unit_cost::text as unit_cost, unit_list::text as unit_list from zone_items
      where zone_id = ${zone.id} and pack_size = 1 and item_id ~ '^[0-9]{11}$' order by item_id limit ${total / 2}`,
  );
  const line = catalogLine;
  const items: CatalogItem[] = known.map((i, k) =>
    line(
      i.item_id,
      null,
      fromMinor(((toMinor(i.unit_cost, 4) * 101n) / 100n) * 12n, 4),
      k % 2 ? fromMinor(toMinor(i.unit_list, 2) + 10n, 2) : null,
    ),
  );
  for (let k = 0; items.length < total; k++)
    items.push(line(`080${String(k).padStart(8, '0')}`, `BENCH NEW ITEM ${k}`, '12.00', '1.99'));
  const text = benchCatalog(items);
  const dir = path.join(
    siteExchangeDir(sitesDir, { siteNo: site.site_no, exchangeDir: site.exchange_dir }),
    'from-vendor',
  );
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'BENCH0.832'), text);
  await db.execute(sql`insert into vendor_import_setups (source_type, site_id, file_mask, label, vendor_zone, zone_id, vendor_id, cdb_vendor_id)
    values ('COREMARK', ${site.id}, 'BENCH*.832', 'bench', 'BENCH', ${zone.id}, ${vendor.id}, ${vendor.id})`);
  await measure(`f. Vendor Import, one 832 of ${n(total)} items (${mb(text)})`, async () => {
    // The service call the route (a GET with a CSRF token) makes.
    const id = await app.services.transfers.start({
      kind: 'Vendor Import',
      userName: 'bench',
      siteIds: [site.id],
    });
    const [res] = await finished(id);
    return `Changed ${n(Number(res.Changed))}, NewItems ${n(Number(res.NewItems))}, Refused ${res.Refused}`;
  });
}

const verdict = (r: Row) => (r.loopMax <= BOUND_MS ? 'met' : 'missed');
const lines = [
  `Event loop while reading store files, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (temporary data folder)'}: zone 1, ${sites.length} stores.`,
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}. Load average (1/5/15 min) before / after each step.`,
  '',
  '| step | step ms | loop delay max ms | loop delay p99 ms | /healthz worst ms (p99) | outcome | load avg | 50 ms |',
  '|---|---|---|---|---|---|---|---|',
  ...result.map(
    (r) =>
      `| ${r.step} | ${n(r.ms)} | ${r.loopMax} | ${r.loopP99} | ${r.healthMax} (${r.healthP99}, ${r.polls} polls) | ${r.outcome} | ${r.load} | ${verdict(r)} |`,
  ),
];
const report = lines.join('\n');
console.log(`\n${report}\n`);
const out = path.join(import.meta.dirname, `../results/evloop-${kind}.md`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${report}\n`);
process.exit(0);
