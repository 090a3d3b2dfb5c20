/**
 * Current Prices Report benchmark (not a timed test), through the HTTP API beside hand-written SQL
 * floors, on the first zone of a scale database (`seed --scale --zones 1 --sites 50 --items 25000`):
 *
 * - the report of the whole zone (`POST /api/currentPricesReport`, a department range holding every
 *   department; at least one criterion is required: the first 10,000 items by ID with their distinct prices and store counts). Floor: the GROUP BY over the zone's
 *   store rows that gives the same prices and counts for every item. Goal: under 300 ms.
 * - the report of one department (2,500 items at the scale seed's 10 departments).
 * - Apply of one price to 1,000 items: one `POST /currentPrices/{user}/apply` of 1,000 items (one
 *   transaction), prices +0.10 and back in turn. Floor: one UPDATE of the zone's base
 *   rows of those 1,000 items. Goal: under 1 s.
 *
 *   DATABASE_URL=... npm run prices -w bench -- [--runs 10] [--apply-items 1000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { signIn } from './api';
import { round, summarize, time } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('runs', '10'));
const applyItems = Number(arg('apply-items', '1000'));

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await database.migrate();
const db = database.db;
const [zone] = await rows<{ id: number; sites: number; items: number }>(
  db,
  sql`select z.id, (select count(*)::int from zone_sites where zone_id = z.id) sites,
    (select count(*)::int from zone_items where zone_id = z.id) items from zones z order by z.zone_no limit 1`,
);

const app = await buildApp({ db, config: { ...loadConfig({ DATA_DIR: '/tmp', WEB_DIST: '/nonexistent' }) } });
const lines: string[] = [];
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const { post } = await signIn(base);
  type Report = {
    RootResults: { Items: { ID: string; PackSize: number; UpdateKey: string }[]; TotalCount: number };
  };
  const report = (clientCriterias: Record<string, unknown>) =>
    post<Report>('/api/currentPricesReport', { ZoneSetupID: zone.id, clientCriterias });

  const timed = async (f: () => Promise<unknown>) => {
    for (let w = 0; w < 2; w++) await f();
    const out: number[] = [];
    for (let r = 0; r < runs; r++) out.push((await time(f))[0]);
    return out;
  };
  const whole = await timed(async () => {
    const a = await report({ ApplyDepartmentRange: true, DeptBeginDeptSub: '1', DeptEndDeptSub: '99.99' });
    if (a.RootResults.Items.length === 0) throw new Error('the report found no items');
  });
  const dept = { ApplyDepartmentRange: true, DeptBeginDeptSub: '1', DeptEndDeptSub: '1.99' };
  const oneDept = await report(dept);
  const deptMs = await timed(() => report(dept));
  const floor = await timed(() =>
    rows(
      db,
      sql`select si.item_id, si.pack_size, si.unit_list, count(*)::int as stores
        from site_items si join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${zone.id}
        where not si.deleted group by si.item_id, si.pack_size, si.unit_list`,
    ),
  );

  // Apply: 1,000 items, +0.10 then back, one call an item.
  const picked = await rows<{ item_id: string; pack_size: number; unit_list: string }>(
    db,
    sql`select item_id, pack_size, unit_list::text from zone_items where zone_id = ${zone.id}
      and unit_list between 1 and 90 order by item_id, pack_size limit ${applyItems}`,
  );
  const bump = (price: string, cents: number) => {
    const [d, c = '0'] = price.split('.');
    const total = Number(d) * 100 + Number(c.padEnd(2, '0').slice(0, 2)) + cents;
    return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
  };
  const applyMs: number[] = [];
  for (const cents of [10, 0, 10, 0]) {
    const [ms, answer] = await time(() =>
      post<{ RootResults: { Items: unknown[] } }>('/currentPrices/bench/apply', {
        ZoneSetupID: zone.id,
        Items: picked.map((it) => ({
          ID: it.item_id,
          PackSize: it.pack_size,
          Price: bump(it.unit_list, cents),
        })),
      }),
    );
    if (answer.RootResults.Items.length !== picked.length) throw new Error('Apply answered other items');
    applyMs.push(ms);
  }
  const applyFloor: number[] = [];
  for (const cents of [10, 0, 10, 0]) {
    const [ms] = await time(() =>
      db.execute(sql`update base_items b set unit_list = z.unit_list + ${cents / 100}
        from zone_items z where b.zone_id = ${zone.id} and z.zone_id = b.zone_id and z.item_id = b.item_id
          and z.pack_size = b.pack_size and (b.item_id, b.pack_size) in
            (select item_id, pack_size from zone_items where zone_id = ${zone.id}
              and unit_list between 1 and 90 order by item_id, pack_size limit ${applyItems})`),
    );
    applyFloor.push(ms);
  }

  const fl = summarize(floor);
  const row = (name: string, a: number[], f: { median: number }, goal: string) => {
    const s = summarize(a);
    return `| ${name} | ${s.median} | ${s.p95} | ${f.median} | ${round(s.median / Math.max(f.median, 0.1))}x | ${goal} |`;
  };
  lines.push(
    `Current Prices Report on PostgreSQL, zone 1: ${zone.sites} sites x ${zone.items.toLocaleString('en-US')} items.`,
    `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
    '',
    '| case | API median ms | API p95 ms | floor median ms | ratio | goal |',
    '|---|---|---|---|---|---|',
    row(`report, whole zone (first 10,000 items; ${runs} runs)`, whole, fl, '< 300 ms'),
    row(`report, one department (${oneDept.RootResults.TotalCount} items; ${runs} runs)`, deptMs, fl, '-'),
    row(
      `Apply one price to ${picked.length} items (one call; 4 runs)`,
      applyMs,
      summarize(applyFloor),
      '< 1000 ms',
    ),
  );
} finally {
  await app.close();
}
const out = lines.join('\n');
console.log(`\n${out}\n`);
const file = path.join(import.meta.dirname, `../results/current-prices-postgres-${zone.sites}.md`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${out}\n`);
await database.close();
