/**
 * Vendor Import benchmark (not a timed test; issue 21 goal: an 832 of 50,000 items in under 10 s
 * on PostgreSQL): one run of the 'Vendor Import' transfer over one 832 file of 50,000 items, half
 * of them the first zone's items with a new cost (and a suggested retail on every other one), half
 * new items; beside its floor, the same file read and checked with no database (parse + per-line
 * evaluation). The setup, outside updates, vendor numbers and imported-file rows it made are
 * deleted at the end.
 *
 *   DATABASE_URL=... npm run vendor -w bench -- [--runs 3] [--items 50000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromMinor, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { siteExchangeDir } from '../../server/src/exchange/site-folders';
import { type CatalogItem, parse832 } from '../../server/src/exchange/x12/x12-832';
import { evaluate } from '../../server/src/features/vendor-import/lines';
import { createServices } from '../../server/src/services';
import { benchCatalog, catalogLine } from './catalog-line';
import { round, summarize } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('runs', '3'));
const total = Number(arg('items', '50000'));
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the PostgreSQL database to measure');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const db = database.db;
const sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-bench-vendor-'));
const config = { ...loadConfig({ DATA_DIR: '/tmp', WEB_DIST: '/nonexistent' }), sitesDir };
const services = createServices({ config, db });
await services.transfers.ready();

const [zone] = await rows<{ id: number }>(db, sql`select id from zones order by zone_no limit 1`);
const [site] = await rows<{ id: number; site_no: number; exchange_dir: string | null }>(
  db,
  sql`select s.id, s.site_no, s.exchange_dir from zone_sites zs join sites s on s.id = zs.site_id
    where zs.zone_id = ${zone.id} order by zs.priority limit 1`,
);
const [user] = await rows<{ id: number; user_name: string }>(
  db,
  sql`select u.id, u.user_name from users u join user_zones uz on uz.user_id = u.id where uz.zone_id = ${zone.id} limit 1`,
);
const [vendor] = await rows<{ id: string }>(db, sql`select id from vendors order by id limit 1`);
const known = await rows<{ item_id: string; unit_cost: string; unit_list: string }>(
  db,
  sql`select item_id, unit_cost::text as unit_cost, unit_list::text as unit_list from zone_items
    where zone_id = ${zone.id} and pack_size = 1 and item_id ~ '^[0-9]{11}$' order by item_id limit ${total / 2}`,
);

/** The file of run `n`: the known items' costs up by n+1 %, then new items (distinct per run). */
function catalogText(n: number): string {
  const items: CatalogItem[] = [];
  const line = catalogLine;
  for (const [k, i] of known.entries()) {
    const unit = toMinor(i.unit_cost, 4);
    const caseCost = fromMinor(((unit * BigInt(101 + n)) / 100n) * 12n, 4);
    items.push(line(i.item_id, null, caseCost, k % 2 ? fromMinor(toMinor(i.unit_list, 2) + 10n, 2) : null));
  }
  for (let k = 0; items.length < total; k++)
    items.push(line(`08${n}${String(k).padStart(8, '0')}`, `BENCH NEW ITEM ${k}`, '12.00', '1.99'));
  return benchCatalog(items);
}

const dir = path.join(
  siteExchangeDir(sitesDir, { siteNo: site.site_no, exchangeDir: site.exchange_dir }),
  'from-vendor',
);
fs.mkdirSync(dir, { recursive: true });
await db.execute(sql`insert into vendor_import_setups (source_type, site_id, file_mask, label, vendor_zone, zone_id, vendor_id, cdb_vendor_id)
  values ('COREMARK', ${site.id}, 'BENCH*.832', 'bench', 'BENCH', ${zone.id}, ${vendor.id}, ${vendor.id})`);

const full: number[] = [];
const floor: number[] = [];
try {
  for (let n = 0; n < runs; n++) {
    const text = catalogText(n);
    const t0 = performance.now();
    const cat = parse832(text);
    const ok = cat.items.map((i) => evaluate(i, true)).filter((o) => o.ok).length;
    floor.push(performance.now() - t0);
    if (ok !== total) throw new Error(`${ok} of ${total} lines pass`);
    fs.writeFileSync(path.join(dir, `BENCH${n}.832`), text);
    await services.transfers.start({ kind: 'Vendor Import', userName: user.user_name, siteIds: [site.id] });
    const t1 = performance.now();
    await services.transfers.runPending();
    full.push(performance.now() - t1);
    const [r] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from outside_updates where zone_id = ${zone.id} and source = 'Vendor Import'`,
    );
    console.log(
      `run ${n + 1}: ${round(full.at(-1) ?? 0)} ms (floor ${round(floor.at(-1) ?? 0)} ms), ${r.n} roots`,
    );
    await db.execute(
      sql`delete from outside_updates where zone_id = ${zone.id} and source = 'Vendor Import'`,
    );
  }
} finally {
  await db.execute(
    sql`delete from item_vendor_numbers where vendor_item like 'B%' and vendor_id = ${vendor.id}`,
  );
  await db.execute(sql`delete from vendor_imported_files where file_name like 'BENCH%'`);
  await db.execute(sql`delete from vendor_import_setups where file_mask = 'BENCH*.832'`);
  await db.execute(sql`delete from transfers where kind = 'Vendor Import'`);
  fs.rmSync(sitesDir, { recursive: true, force: true });
}
const f = summarize(full);
const p = summarize(floor);
console.log(
  JSON.stringify(
    { items: total, runs, importMs: f, parseFloorMs: p, ratio: round(f.median / p.median) },
    null,
    2,
  ),
);
await services.stopWorkers?.();
await database.close();
