/**
 * Benchmarks (not timed tests): search and batch Set Price through the HTTP API, beside the
 * hand-made SQL floor. `npm run bench -- --db postgres` (DATABASE_URL, data from
 * `pricebook seed --scale --sites 50 --items 25000`) or `npm run bench -- --db pglite` (loads
 * 10 sites x 10,000 items into a temporary embedded database).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyPriceChange, fromMinor, RoundType, toMinor, UpdateType } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { refreshZoneSummary } from '../../server/src/features/pricebook/summary';
import { loadScale } from '../../server/src/seed/scale';
import { floorSearch, floorSetPrice } from './floor';
import { round, summarize, time } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const kind = arg('db', 'pglite');
const runs = Number(arg('runs', '50'));
const batchSize = Number(arg('batch', '5000'));

const tmp = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-bench-')) : null;
const database = await openDatabase(
  kind === 'postgres' ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: tmp! },
);
await database.migrate();
if (kind === 'pglite') {
  const [t, r] = await time(() => loadScale(database.db, { zones: 2, sites: 10, items: 10_000 }));
  console.log(`Loaded ${r.siteRows} site rows into PGlite in ${(t / 1000).toFixed(1)} s`);
}
const db = database.db;
const [zone] = await rows<{ id: number; sites: number; items: number }>(
  db,
  sql`select z.id, (select count(*)::int from zone_sites where zone_id = z.id) sites,
    (select count(*)::int from zone_items where zone_id = z.id) items from zones z order by z.zone_no limit 1`,
);
// A consistent summary to start from (an interrupted earlier run may have left the floor's writes in).
await refreshZoneSummary(db, { zoneIds: [zone.id] });
const [{ site_rows }] = await rows<{ site_rows: number }>(
  db,
  sql`select count(*)::int site_rows from site_items`,
);

const app = await buildApp({
  db,
  config: { ...loadConfig({ DATA_DIR: tmp ?? '/tmp', WEB_DIST: '/nonexistent' }) },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = await fetch(`${base}/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: 'bench', password: 'bench' }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
const post = async (p: string, body: unknown) => {
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res.json();
};

const searches = [
  {
    name: 'description contains "COLA"',
    criteria: { ApplyItemDescription: true, ItemDesc: 'cola' },
    where: sql`zi.description ilike '%cola%'`,
  },
  {
    name: 'department 2.00-3.99',
    criteria: { ApplyDepartmentRange: true, DeptBeginRange: '2', DeptEndRange: '3.99' },
    where: sql`zi.dept * 100 + zi.sub between 200 and 399`,
  },
  {
    name: 'unit list 5.00-9.99',
    criteria: { ApplyUnitList: true, UnitListBeginRange: '5.00', UnitListEndRange: '9.99' },
    where: sql`zi.unit_list between 5.00 and 9.99`,
  },
];

const table: string[] = [];
const row = (what: string, api: { median: number; p95: number }, floor: { median: number; p95: number }) =>
  table.push(
    `| ${what} | ${api.median} | ${api.p95} | ${floor.median} | ${floor.p95} | ${round(api.median / floor.median)} |`,
  );

for (const s of searches) {
  const apiMs: number[] = [];
  const floorMs: number[] = [];
  let total = 0;
  for (let i = 0; i < runs + 3; i++) {
    const [a, r] = await time(() =>
      post('/adjust/bench/sscitems', {
        ZoneSetupID: zone.id,
        clientCriterias: s.criteria,
        Page: 1,
        PageSize: 100,
      }),
    );
    const [f] = await time(() => floorSearch(db, zone.id, s.where));
    total = r.GetSSCSItemsResult.TotalCount;
    if (i >= 3) {
      apiMs.push(a);
      floorMs.push(f);
    }
  }
  row(`search: ${s.name} (${total} items, page of 100)`, summarize(apiMs), summarize(floorMs));
}

// Batch Set Price: +5% rounded to last digit 9 on N items at every site of the zone; then the floor.
const picked = await post('/adjust/bench/sscitems', {
  ZoneSetupID: zone.id,
  clientCriterias: { ApplyInventoryID: true, InventoryID: '7' },
  Page: 1,
  PageSize: batchSize,
});
const items = picked.GetSSCSItemsResult.Items as Array<{
  ID: string;
  PackSize: number;
  UpdateKey: string;
  UnitList: string;
}>;
const apiRuns: number[] = [];
const floorRuns: number[] = [];
for (let i = 0; i < 3; i++) {
  const fresh = (
    await post('/adjust/bench/sscitems', {
      ZoneSetupID: zone.id,
      clientCriterias: { ApplyInventoryID: true, InventoryID: '7' },
      Page: 1,
      PageSize: batchSize,
    })
  ).GetSSCSItemsResult.Items as typeof items;
  const [a, r] = await time(() =>
    post('/adjust/bench/updateSSCSItemsPriceChange', {
      ZoneSetupID: zone.id,
      SelectedItems: fresh.map((x) => ({ ID: x.ID, PackSize: x.PackSize, UpdateKey: x.UpdateKey })),
      UpdateType: UpdateType.AddPercent,
      RoundType: RoundType.Last9,
      ChangeAmount: '5',
    }),
  );
  if (r.RootResults.Saved !== fresh.length) throw new Error('Set Price saved fewer items than selected');
  apiRuns.push(a);
  const prices = fresh.map((x) =>
    fromMinor(
      applyPriceChange(
        toMinor(x.UnitList, 2),
        { type: UpdateType.AddPercent, amount: 5000n },
        RoundType.Last9,
      ),
      2,
    ),
  );
  const [f] = await time(() =>
    floorSetPrice(
      db,
      zone.id,
      fresh.map((x) => x.ID),
      prices,
    ),
  );
  floorRuns.push(f);
  // The floor skips the summary's UpdateKey; put the summary right (untimed) for the next API run.
  await refreshZoneSummary(db, {
    zoneIds: [zone.id],
    items: fresh.map((x) => ({ itemId: x.ID, packSize: x.PackSize })),
  });
}
row(
  `batch Set Price +5% last digit 9, ${items.length} items x ${zone.sites} sites`,
  summarize(apiRuns),
  summarize(floorRuns),
);

const header = [
  `Benchmark on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${site_rows} site rows; zone 1 has ${zone.sites} sites and ${zone.items} items.`,
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Search: ${runs} runs after 3 warm-ups; Set Price: 3 runs.`,
  '',
  '| operation | API median ms | API p95 ms | SQL floor median ms | SQL floor p95 ms | API / SQL |',
  '|---|---|---|---|---|---|',
];
const report = [...header, ...table].join('\n');
console.log(`\n${report}\n`);
fs.mkdirSync(path.join(import.meta.dirname, '../results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, `../results/${kind}.md`), `${report}\n`);
await app.close();
await database.close();
if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
