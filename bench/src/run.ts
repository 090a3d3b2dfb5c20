/**
 * Benchmarks (not timed tests): search, one-item edits and Set Price through the HTTP API, beside
 * the hand-made SQL floors (new layout and old per-store layout). One size per invocation:
 * `npm run bench -- --db postgres` (DATABASE_URL, data from `pricebook seed --scale --zones 1
 * --sites 50|200 --items 25000`) or `npm run bench -- --db pglite` (loads one zone of 10 sites x
 * 10,000 items into a temporary embedded database). See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { loadScale } from '../../server/src/seed/scale';
import { signIn } from './api';
import {
  batchSetPriceCase,
  type Ctx,
  gridEditCase,
  onePool,
  oneSetPriceCase,
  type Row,
  searchCases,
} from './cases';
import { coverageCases } from './coverage';
import { createOldLayout, dropOldLayout, hasNewLayout } from './floor';
import { table } from './report';
import { secondZoneWriteCase } from './second-zone';
import { sharedStoreCases } from './shared';
import { time } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const kind = arg('db', 'pglite');
if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--db must be pglite or postgres');
const runs = Number(arg('runs', '20'));
const warmup = Number(arg('warmup', '3'));
const batchSize = Number(arg('batch', '5000'));
const batchRuns = Number(arg('batch-runs', '4'));
const coverageRuns = Number(arg('coverage-runs', '2'));
const sharedRuns = Number(arg('shared-runs', '3'));
const secondRuns = Number(arg('second-runs', '2'));
const client = arg('client', 'http');
if (client !== 'http' && client !== 'fetch') throw new Error('--client must be http or fetch');

const tmp = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-bench-')) : null;
const database = await openDatabase(
  kind === 'postgres' ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: tmp as string },
);
await database.migrate();
if (kind === 'pglite') {
  const scale = { zones: 1, sites: Number(arg('sites', '10')), items: Number(arg('items', '10000')) };
  const [t, r] = await time(() => loadScale(database.db, scale));
  console.log(`Loaded ${r.siteRows} site rows into PGlite in ${(t / 1000).toFixed(1)} s`);
}
const db = database.db;
const [zone] = await rows<{ id: number; sites: number; items: number }>(
  db,
  sql`select z.id, (select count(*)::int from zone_sites where zone_id = z.id) sites,
    (select count(*)::int from zone_items where zone_id = z.id) items from zones z order by z.zone_no limit 1`,
);
const newLayout = await hasNewLayout(db);
const [tOld, siteRows] = await time(() => createOldLayout(db, zone.id));
console.log(`Old per-store layout: ${siteRows} site rows copied in ${(tOld / 1000).toFixed(1)} s`);
if (!newLayout) console.log('No table base_items: the new floor shows n/a.');

const app = await buildApp({
  db,
  config: { ...loadConfig({ DATA_DIR: tmp ?? '/tmp', WEB_DIST: '/nonexistent' }) },
});
const result: Row[] = [];
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const api = await signIn(base, 'bench', 'bench', client);
  const c: Ctx = { db, api, zoneId: zone.id, user: 'bench', runs, warmup, newLayout };
  result.push(...(await searchCases(c)));
  const pool = await onePool(c);
  if (pool.length < 2) throw new Error('not enough items priced 1.00-99.99 for the one-item cases');
  result.push(await gridEditCase(c, pool));
  result.push(await oneSetPriceCase(c, pool));
  if (batchSize > 0 && batchRuns > 0) {
    const batch = await batchSetPriceCase(c, batchSize, batchRuns);
    result.push(batch);
    if (coverageRuns > 0) result.push(...(await coverageCases(c, batchSize, coverageRuns, batch.api)));
    if (sharedRuns > 0 && c.newLayout) {
      const shared = await sharedStoreCases(c, batchSize, sharedRuns);
      result.push(...shared);
      if (secondRuns > 0) result.push(await secondZoneWriteCase(c, batchSize, secondRuns, shared[0].api));
    }
  }
} finally {
  await app.close();
  await dropOldLayout(db);
}

const n = (x: number) => x.toLocaleString('en-US');
const size = `${zone.sites} x ${n(zone.items)} (${n(siteRows)} site rows)`;
const report = [
  `Benchmark on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, zone 1: ${zone.sites} sites x ${n(zone.items)} items = ${n(siteRows)} site rows; new layout (base_items): ${newLayout ? 'yes' : 'no'}.`,
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}.`,
  `Search and one-item cases: ${runs} runs after ${warmup} warm-ups; batch Set Price: ${batchRuns} runs. HTTP client: ${client === 'http' ? 'node:http, one kept-alive connection' : "Node's fetch"}.`,
  '',
  ...table(size, result),
].join('\n');
console.log(`\n${report}\n`);
const out = path.join(import.meta.dirname, `../results/${kind}-${zone.sites}.md`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${report}\n`);
console.log(`Written to ${path.relative(process.cwd(), out)}`);
await database.close();
if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
