/**
 * Negotiated Cost Report benchmark (not a timed test), on a PostgreSQL database of its own: one
 * zone of 50 stores, vendor BENCHV, 500 items under negotiated cost 'Bench deal' for the year and
 * 100 of them under an overlapping 'Bench promo' for six months; each store has one invoice a week
 * for 52 weeks with 192 lines (about 500,000 lines), every 50th line billed 0.05 above its cost.
 *
 * - report: `POST /report/{user}/negcost/preview` over the whole year, option Increases (the lines
 *   to claim back), over a real socket, the JSON answer read and parsed. Floor: one hand-written SQL
 *   computing the same invoices' differences (DISTINCT ON picks the cost in force, grouped by
 *   invoice), fetched by the same driver.
 * - all lines: the same call with option Negotiated: every line compared, the whole report's invoice
 *   count and exact total, and the first page (100 invoices with all their lines, 19,200 lines) in
 *   JSON. The floor sums every invoice only (the page's lines are not in it).
 *
 *   createdb -h 127.0.0.1 -U postgres cpb_bench_negcost
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cpb_bench_negcost npm run negcost -w bench -- [--runs 7]
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { hashPassword } from '../../server/src/features/auth/passwords';
import { signIn } from './api';
import { round } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('runs', '7'));
const STORES = 50;
const ITEMS = 500;
const LINES = 192;
const WEEKS = 52;
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the PostgreSQL database to measure');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await database.migrate();
const db = database.db;

const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int n from invoice_lines`);
if (n === 0) {
  console.log('loading the fixture...');
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into vendors (id, name) values ('BENCHV', 'Bench Vendor') on conflict do nothing`,
    );
    await tx.execute(
      sql`insert into zones (id, zone_no, name) values (900, 900, 'Bench Zone') on conflict do nothing`,
    );
    await tx.execute(sql`insert into sites (id, site_no, name)
      select 900 + g, 900 - g, 'Bench store ' || g from generate_series(1, ${STORES}) g on conflict do nothing`);
    await tx.execute(sql`insert into zone_sites (zone_id, site_id, priority)
      select 900, 900 + g, g from generate_series(1, ${STORES}) g on conflict do nothing`);
    await tx.execute(sql`insert into users (user_name, password_hash) values ('bench', ${await hashPassword('bench')})
      on conflict do nothing`);
    await tx.execute(sql`insert into user_zones (user_id, zone_id) select id, 900 from users where user_name = 'bench'
      on conflict do nothing`);
    await tx.execute(sql`insert into negotiated_cost_headers (id, zone_id, vendor_id, label, cost, effective_date, expiration_date)
      values (9001, 900, 'BENCHV', 'Bench deal', 1.0000, '2025-01-01', '2025-12-31'),
        (9002, 900, 'BENCHV', 'Bench promo', 0.9000, '2025-04-01', '2025-09-30')`);
    await tx.execute(sql`insert into negotiated_cost_items (header_id, item_id, pack_size)
      select 9001, 'B' || lpad(g::text, 6, '0'), 1 from generate_series(1, ${ITEMS}) g
      union all select 9002, 'B' || lpad(g::text, 6, '0'), 1 from generate_series(1, 100) g`);
    await tx.execute(sql`insert into invoices (id, vendor_id, site_id, invoice_no, invoice_date)
      select s * 100 + w, 'BENCHV', 900 + s, 'BI-' || s || '-' || w, date '2025-01-01' + (w - 1) * 7
      from generate_series(1, ${STORES}) s, generate_series(1, ${WEEKS}) w`);
    // Line l of an invoice: item ((invoice + l) mod 500) + 1; the cost in force, +0.05 on every 50th line.
    await tx.execute(sql`insert into invoice_lines (invoice_id, line_no, item_id, pack_size, description, quantity, unit_cost)
      select i.id, l, 'B' || lpad((((i.id + l) % ${ITEMS}) + 1)::text, 6, '0'), 1, 'Bench item', 1 + l % 12,
        case when ((i.id + l) % ${ITEMS}) + 1 <= 100 and i.invoice_date between '2025-04-01' and '2025-09-30' then 0.9000 else 1.0000 end
          + case when l % 50 = 0 then 0.05 else 0 end
      from invoices i, generate_series(1, ${LINES}) l`);
  });
  await db.execute(sql`analyze`);
}
const [{ lines }] = await rows<{ lines: number }>(db, sql`select count(*)::int lines from invoice_lines`);

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { min: round(s[0]), median: round(s[Math.floor((s.length - 1) / 2)]), max: round(s.at(-1) ?? 0) };
};

const FLOOR = (option: 'Increases' | 'Negotiated') => sql`
  select i.id, sum((l.unit_cost - n.cost) * l.quantity) diff, count(*) lines
  from invoices i join zone_sites zs on zs.site_id = i.site_id and zs.zone_id = 900
  join invoice_lines l on l.invoice_id = i.id
  join (select distinct on (ni.item_id, ni.pack_size, h.effective_date, h.id) ni.item_id, ni.pack_size, h.cost,
          h.effective_date, h.expiration_date, h.id from negotiated_cost_items ni
        join negotiated_cost_headers h on h.id = ni.header_id where h.zone_id = 900 and h.vendor_id = 'BENCHV') n
    on n.item_id = l.item_id and n.pack_size = l.pack_size and i.invoice_date between n.effective_date and n.expiration_date
    and not exists (select 1 from negotiated_cost_items ni2 join negotiated_cost_headers h2 on h2.id = ni2.header_id
      where ni2.item_id = l.item_id and ni2.pack_size = l.pack_size and h2.zone_id = 900 and h2.vendor_id = i.vendor_id
        and i.invoice_date between h2.effective_date and h2.expiration_date
        and (h2.effective_date, h2.id) > (n.effective_date, n.id))
  where i.invoice_date between '2025-01-01' and '2025-12-31' and i.vendor_id = 'BENCHV'
    ${option === 'Increases' ? sql`and l.unit_cost > n.cost` : sql``}
  group by i.id`;

const app = await buildApp({
  db,
  config: { ...loadConfig({ DATA_DIR: '/tmp', WEB_DIST: '/nonexistent' }), logLevel: 'warn' },
});
const results: string[] = [];
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const { cookie } = await signIn(base);
  for (const option of ['Increases', 'Negotiated'] as const) {
    const api: number[] = [];
    const floor: number[] = [];
    let invoices = 0;
    let floorInvoices = 0;
    for (let r = 0; r < runs + 1; r++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/report/bench/negcost/preview`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          ZoneSetupID: 900,
          BeginDate: '01/01/2025',
          EndDate: '12/31/2025',
          VendorID: 'BENCHV',
          CboOption: option,
        }),
      });
      if (!res.ok) throw new Error(`report ${res.status}: ${await res.text()}`);
      const page = (await res.json()).RootResults;
      invoices = page.TotalCount;
      if (page.Invoices.length !== Math.min(100, invoices))
        throw new Error('the first page is not 100 invoices');
      const t1 = performance.now();
      floorInvoices = (await rows(db, FLOOR(option))).length;
      const t2 = performance.now();
      if (r > 0) {
        api.push(t1 - t0);
        floor.push(t2 - t1);
      }
    }
    if (invoices !== floorInvoices) throw new Error(`API ${invoices} invoices, floor ${floorInvoices}`);
    const a = stats(api);
    const f = stats(floor);
    results.push(
      `| ${option} | ${invoices} | ${a.median} (${a.min}-${a.max}) | ${f.median} (${f.min}-${f.max}) | ${round(a.median / f.median)} |`,
    );
  }
} finally {
  await app.close();
  await database.close();
}
console.log(
  `PostgreSQL, ${lines} invoice lines (${STORES} stores x ${WEEKS} weeks x ${LINES}); load ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log('| option | invoices | API ms median (min-max) | floor ms median (min-max) | ratio |');
console.log('|---|---|---|---|---|');
for (const r of results) console.log(r);
