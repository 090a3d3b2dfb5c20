/**
 * Current Prices Report benchmark (not a timed test), through the HTTP API beside hand-written SQL
 * floors, on the first zone of a scale database (`seed --scale --zones 1 --sites 50 --items 25000`):
 *
 * - the report of the whole zone (`POST /api/currentPricesReport`, a department range holding every
 *   department; at least one criterion is required: the first 10,000 items by ID with their distinct
 *   prices and store counts). Floor, like for like: the same 10,000 items and total count, with their
 *   prices and store counts grouped from the layers as plain rows (no JSON). Goal: under 300 ms.
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
  const wholeZone = { ApplyDepartmentRange: true, DeptBeginDeptSub: '1', DeptEndDeptSub: '99.99' };
  const whole = await timed(async () => {
    const a = await report(wholeZone);
    if (a.RootResults.Items.length === 0) throw new Error('the report found no items');
  });
  const dept = { ApplyDepartmentRange: true, DeptBeginDeptSub: '1', DeptEndDeptSub: '1.99' };
  const oneDept = await report(dept);
  const deptMs = await timed(() => report(dept));
  // Floor, like for like: the same first 10,000 items of the zone by ID (with the total count),
  // each one's distinct prices with their store counts from the layers (own rows once, the base
  // row once per base store less one per store with an own row), as rows: no JSON, no presenting.
  const floorQuery = () =>
    rows<{ item_id: string; pack_size: number; unit_list: string | null; stores: number | null }>(
      db,
      sql`with f as materialized (
          select item_id, pack_size, description, update_key, count(*) over () total from zone_items
          where zone_id = ${zone.id} and dept * 100 + sub between 100 and 9999
          order by item_id, pack_size limit 10000),
        zs as materialized (select zs.site_id, s.base_zone_id from zone_sites zs join sites s on s.id = zs.site_id
          where zs.zone_id = ${zone.id}),
        own as materialized (select e.item_id, e.pack_size, e.unit_list, e.deleted, zs.base_zone_id
          from site_exceptions e join zs on zs.site_id = e.site_id
          join f on f.item_id = e.item_id and f.pack_size = e.pack_size),
        r as (select item_id, pack_size, unit_list, 1 w from own where not deleted
          union all
          select b.item_id, b.pack_size, b.unit_list, zb.n
          from (select base_zone_id, count(*) n from zs group by base_zone_id) zb
          join base_items b on b.zone_id = zb.base_zone_id join f on f.item_id = b.item_id and f.pack_size = b.pack_size
          union all
          select b.item_id, b.pack_size, b.unit_list, -1 from own o
          join base_items b on b.zone_id = o.base_zone_id and b.item_id = o.item_id and b.pack_size = o.pack_size),
        p as (select item_id, pack_size, unit_list, sum(w)::int stores from r group by 1, 2, 3 having sum(w) > 0)
        select f.item_id, f.pack_size, f.description, f.update_key, f.total, p.unit_list::text, p.stores
        from f left join p on p.item_id = f.item_id and p.pack_size = f.pack_size`,
    );
  const floor = await timed(floorQuery);
  // The floor answers what the report answers: the same items, prices and store counts.
  const asText = (id: string, pack: number, prices: Array<[string, number]>) =>
    `${id}@${pack}:${prices
      .sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))
      .map(([p, n]) => `${p}x${n}`)
      .join(' ')}`;
  const fromFloor = new Map<string, Array<[string, number]>>();
  for (const r of await floorQuery()) {
    const k = `${r.item_id}@${r.pack_size}`;
    const list = fromFloor.get(k) ?? [];
    if (r.unit_list !== null && r.stores !== null) list.push([r.unit_list, r.stores]);
    fromFloor.set(k, list);
  }
  const apiRows = (
    (await report(wholeZone)) as unknown as {
      RootResults: {
        Items: { ID: string; PackSize: number; CurrentPrices: { Price: string; Count: number }[] }[];
      };
    }
  ).RootResults.Items;
  const apiText = apiRows.map((i) =>
    asText(
      i.ID,
      i.PackSize,
      i.CurrentPrices.map((p): [string, number] => [p.Price, p.Count]),
    ),
  );
  const floorText = [...fromFloor].map(([k, v]) => {
    const [id, pack] = k.split('@');
    return asText(id, Number(pack), v);
  });
  if (apiText.sort().join('\n') !== floorText.sort().join('\n'))
    throw new Error('the floor and the report differ');

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
