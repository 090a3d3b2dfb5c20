/**
 * Outside Updates benchmark (not a timed test), on PostgreSQL seeded with
 * `pricebook seed --scale --zones 1 --sites 50 --items 25000`:
 *
 * - load: `GET /outsideupdates/{user}/{zone}` answering 10,000 roots with 50,000 included rows
 *   (5 origin stores each), over a real socket, the whole JSON answer read and parsed by the
 *   client. Floor: the hand-written SQL reading the same rows (roots with the zone's values,
 *   department and type names; included rows with their store), fetched by the same driver.
 * - apply: `POST /outsideupdates/applyOUChanges/{user}` accepting 5,000 roots (a price change each,
 *   with the UpdateKeys the list gave). Floor: the same writes in one transaction by hand: read and
 *   lock the roots, the zone value and the zone's store exceptions, history rows, the zone summary
 *   (price, margin, UpdateKey), and delete the roots (their included rows go with them).
 *
 * The roots are made the way Site Import leaves them (every field the store sent, the price bit
 * set, an origin row per store with what it sent and what its row held), untimed, before every
 * run: price = the zone's current price + 0.10 or - 0.10 in turn, so repeated runs leave the prices
 * where they were (an even number of applies, API and floor together). At the end the zone's
 * outside updates and the floor's history rows are deleted (the API's history stays).
 *
 *   DATABASE_URL=... npm run ou -w bench -- [--runs 7] [--warmup 1] [--apply-runs 3] [--roots 10000] [--keep]
 *
 * --keep leaves the zone's last roots in place (to profile the list by hand).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHANGE_FLD } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type Db, openDatabase, rows } from '../../server/src/db/client';
import { floorPriceWriteNew } from './floor';
import { round } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('runs', '7'));
const warmup = Number(arg('warmup', '1'));
const applyRuns = Number(arg('apply-runs', '3'));
const ROOTS = Number(arg('roots', '10000'));
const ORIGINS = 5;
const ACCEPTS = Math.min(5_000, ROOTS);
const USER = 'bench';
const FLOOR_SOURCE = 'bench floor';
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the PostgreSQL database to measure');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await database.migrate();
const db = database.db;
const loadBefore = os.loadavg();
const [zone] = await rows<{ id: number; sites: number; items: number }>(
  db,
  sql`select z.id, (select count(*)::int from zone_sites where zone_id = z.id) sites,
    (select count(*)::int from zone_items where zone_id = z.id) items from zones z order by z.zone_no limit 1`,
);
if (zone.items < ROOTS) throw new Error(`zone 1 has ${zone.items} items; ${ROOTS} needed`);
if (zone.sites < ORIGINS) throw new Error(`zone 1 has ${zone.sites} sites; ${ORIGINS} needed`);
const PRICE = CHANGE_FLD.price;

/**
 * The zone's roots as Site Import leaves them: the first `ROOTS` items of the zone, price = the
 * zone's + delta, every other field as the zone has it, origin rows at 5 stores (cycling over the
 * zone's stores) with what the store sent and what its row held.
 */
async function makeRoots(delta: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from outside_updates where zone_id = ${zone.id}`);
    await tx.execute(sql`insert into outside_updates (zone_id, item_id, pack_size, source, description,
        receipt_description, inv_type, dept, sub, unit_list, tax_group_id, active, change_flds, is_new)
      select zi.zone_id, zi.item_id, zi.pack_size, 'Site Import', zi.description, zi.receipt_description,
        zi.inv_type, zi.dept, zi.sub, zi.unit_list + ${delta}::numeric, zi.tax_group_id, zi.active, ${PRICE}, false
      from zone_items zi where zi.zone_id = ${zone.id} and zi.unit_list + ${delta}::numeric > 0
      order by zi.item_id, zi.pack_size limit ${ROOTS}`);
    await tx.execute(sql`with st as (
        select zs.site_id, (row_number() over (order by zs.priority, zs.site_id) - 1)::int as n,
          count(*) over ()::int as k
        from zone_sites zs where zs.zone_id = ${zone.id}),
      r as (select o.*, (row_number() over (order by o.item_id, o.pack_size) - 1)::int as n
        from outside_updates o where o.zone_id = ${zone.id})
      insert into outside_update_sites (update_id, site_id, kind, values)
      select r.id, st.site_id, 'origin', jsonb_build_object(
          'sent', jsonb_build_object('itemId', r.item_id, 'packSize', r.pack_size, 'description', r.description,
            'receiptDescription', r.receipt_description, 'dept', r.dept, 'sub', r.sub,
            'unitList', r.unit_list::text, 'taxGroupId', r.tax_group_id, 'active', r.active, 'invType', r.inv_type),
          'was', jsonb_build_object('description', r.description, 'receiptDescription', r.receipt_description,
            'dept', r.dept, 'sub', r.sub, 'unitList', (r.unit_list - ${delta}::numeric)::text,
            'taxGroupId', r.tax_group_id, 'active', r.active, 'invType', r.inv_type),
          'changeFlds', ${PRICE}::int)
      from r cross join generate_series(0, ${ORIGINS - 1}::int) g(i)
        join st on st.n = (r.n * ${ORIGINS}::int + g.i) % st.k`);
  });
  // Every run deletes and writes 10,000 roots and 50,000 included rows: vacuumed, so that no run
  // reads the dead rows of the ones before.
  await db.execute(sql`vacuum analyze outside_updates`);
  await db.execute(sql`vacuum analyze outside_update_sites`);
}

/** The hand-written SQL reading the list's rows: roots with the zone's values, then included rows. */
async function floorLoad(ex: Db) {
  const roots = await rows<{ id: number }>(
    ex,
    sql`select o.*, o.unit_list::text as unit_list_text, z.name as zone_name, d.dept_name, d.sub_name,
        t.description as type_name, zi.description as z_description, zi.receipt_description as z_receipt_description,
        zi.inv_type as z_inv_type, zi.dept as z_dept, zi.sub as z_sub, zi.unit_list::text as z_unit_list,
        zi.unit_cost::text as z_unit_cost, zi.tax_group_id as z_tax_group_id, zi.redemption_id as z_redemption_id,
        zi.active as z_active, zi.vendor_id as z_vendor_id, zi.min_on_hand as z_min_on_hand,
        zi.max_on_hand as z_max_on_hand, zi.min_purchase_qty as z_min_purchase_qty, zi.upc_code as z_upc_code,
        zi.upc_pack_size as z_upc_pack_size, zi.update_key::text as update_key
      from outside_updates o join zones z on z.id = o.zone_id
        left join zone_items zi on zi.zone_id = o.zone_id and zi.item_id = o.item_id and zi.pack_size = o.pack_size
        left join departments d on d.zone_id = o.zone_id and d.dept = coalesce(o.dept, zi.dept)
          and d.sub = coalesce(o.sub, zi.sub)
        left join item_types t on t.type = coalesce(o.inv_type, zi.inv_type)
      where o.zone_id = ${zone.id} order by o.item_id, o.pack_size limit ${ROOTS + 1}`,
  );
  const included = await rows<{ update_id: number }>(
    ex,
    sql`select s.update_id, s.site_id, st.site_no, st.name as site_name, s.kind, s.values
      from outside_update_sites s join outside_updates o on o.id = s.update_id join sites st on st.id = s.site_id
      where o.zone_id = ${zone.id} order by o.item_id, o.pack_size, st.site_no`,
  );
  return { roots: roots.length, included: included.length };
}

/**
 * The hand-written SQL of 5,000 accepts, in one transaction: read and lock the roots with the
 * zone's UpdateKeys, write the incoming price (zone value, store exceptions, history, summary),
 * delete the roots.
 */
async function floorApply(ids: number[]) {
  await db.transaction(async (tx) => {
    const chosen = await rows<{ id: number; item_id: string; pack_size: number; unit_list: string }>(
      tx,
      sql`select o.id, o.item_id, o.pack_size, o.unit_list::text as unit_list, zi.update_key
        from outside_updates o join zone_items zi on zi.zone_id = o.zone_id and zi.item_id = o.item_id
          and zi.pack_size = o.pack_size
        where o.id = any(${`{${ids.join(',')}}`}::int[]) for update of o, zi`,
    );
    if (chosen.length !== ids.length) throw new Error(`floor: ${chosen.length} roots of ${ids.length}`);
    await floorPriceWriteNew(tx as unknown as Db, zone.id, {
      ids: chosen.map((c) => c.item_id),
      packs: chosen.map((c) => c.pack_size),
      prices: chosen.map((c) => c.unit_list),
    });
    await tx.execute(sql`delete from outside_updates where id = any(${`{${ids.join(',')}}`}::int[])`);
  });
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { min: round(s[0]), median: round(s[Math.floor((s.length - 1) / 2)]), max: round(s.at(-1) ?? 0) };
};

const app = await buildApp({
  db,
  config: { ...loadConfig({ DATA_DIR: '/tmp', WEB_DIST: '/nonexistent' }), logLevel: 'warn' },
});
type Answer = {
  root: Array<{
    Idcode: string;
    PackSize: number;
    Price: string;
    ZoneList: string;
    UpdateKey: string | null;
  }>;
  included: Array<{ OUID: number; Price: string | null }>;
};
const loadMs: number[] = [];
const loadFloorMs: number[] = [];
/** CPU time of this process (server and client) during each GET: less sensitive to the machine's load. */
const loadCpuMs: number[] = [];
const applyMs: number[] = [];
const applyFloorMs: number[] = [];
let bytes = 0;
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: USER, password: 'bench' }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const list = async (): Promise<Answer> => {
    const res = await fetch(`${base}/outsideupdates/${USER}/${zone.id}`, { headers: { cookie } });
    const text = await res.text();
    if (!res.ok) throw new Error(`list: ${res.status} ${text.slice(0, 300)}`);
    bytes = Buffer.byteLength(text);
    return JSON.parse(text) as Answer;
  };

  // load
  await makeRoots('0.10');
  const [{ n: includedRows }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from outside_update_sites s join outside_updates o on o.id = s.update_id
      where o.zone_id = ${zone.id}`,
  );
  for (let i = 0; i < warmup + runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const a = await list();
    const t = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    if (a.root.length !== ROOTS || a.included.length !== includedRows) {
      throw new Error(`list: ${a.root.length} roots, ${a.included.length} included`);
    }
    const cents = (x: string) => Math.round(Number(x) * 100);
    const bad = a.root.find((r) => cents(r.Price) !== cents(r.ZoneList) + 10);
    if (bad) throw new Error(`list: ${bad.Idcode} price ${bad.Price}, zone ${bad.ZoneList}`);
    const t1 = performance.now();
    const f = await floorLoad(db);
    const tf = performance.now() - t1;
    if (f.roots !== ROOTS || f.included !== includedRows)
      throw new Error(`floor: ${f.roots} / ${f.included}`);
    if (i >= warmup) {
      loadCpuMs.push((cpu.user + cpu.system) / 1000);
      loadMs.push(t);
      loadFloorMs.push(tf);
    }
  }

  // apply: API (+0.10), floor (-0.10), in turn
  for (let i = 0; i < applyRuns; i++) {
    await makeRoots('0.10');
    const a = await list();
    const items = a.root
      .slice(0, ACCEPTS)
      .map((r) => ({ ID: r.Idcode, PackSize: r.PackSize, Action: 'accept', UpdateKey: r.UpdateKey }));
    const t0 = performance.now();
    const res = await fetch(`${base}/outsideupdates/applyOUChanges/${USER}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ actionItem: { ZoneSetupID: zone.id, items } }),
    });
    const body = (await res.json()) as { RootResults?: { Accepted?: number } };
    const t = performance.now() - t0;
    if (!res.ok || body.RootResults?.Accepted !== ACCEPTS) {
      throw new Error(`apply: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    const [{ n: moved }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from zone_items zi join unnest(${`{${a.root
        .slice(0, ACCEPTS)
        .map((r) => `"${r.Idcode}"`)
        .join(',')}}`}::text[], ${`{${a.root
        .slice(0, ACCEPTS)
        .map((r) => r.Price)
        .join(',')}}`}::numeric[]) v(item_id, price) on zi.item_id = v.item_id
        where zi.zone_id = ${zone.id} and zi.unit_list = v.price`,
    );
    if (moved < ACCEPTS) throw new Error(`apply: ${moved} of ${ACCEPTS} items have the accepted price`);
    applyMs.push(t);

    await makeRoots('-0.10');
    const [{ ids }] = await rows<{ ids: number[] }>(
      db,
      sql`select array(select id from outside_updates where zone_id = ${zone.id}
        order by item_id, pack_size limit ${ACCEPTS}) as ids`,
    );
    const t1 = performance.now();
    await floorApply(ids);
    applyFloorMs.push(performance.now() - t1);
  }
} finally {
  await app.close();
  if (!process.argv.includes('--keep'))
    await db.execute(sql`delete from outside_updates where zone_id = ${zone.id}`);
  await db.execute(sql`delete from item_changes where source = ${FLOOR_SOURCE}`);
}

const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
const n = (x: number) => x.toLocaleString('en-US');
const cell = (s: ReturnType<typeof stats>) => `${n(s.median)} (${n(s.min)}-${n(s.max)})`;
const line = (op: string, api: number[], floor: number[], goalMs: number, count: number) => {
  const a = stats(api);
  const f = stats(floor);
  const met = a.median < goalMs ? 'met' : '**missed**';
  return `| ${op} | ${count} | ${cell(a)} | ${cell(f)} | ${round(a.median / f.median)} | < ${goalMs / 1000} s ${met} |`;
};
const lines = [
  `Outside Updates benchmark on PostgreSQL, zone 1: ${zone.sites} sites x ${n(zone.items)} items; ${n(ROOTS)} roots x ${ORIGINS} origin stores; answer ${n(bytes)} bytes.`,
  `Load: this process's CPU time (server and client) per GET, median (min-max): ${cell(stats(loadCpuMs))} ms.`,
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average before ${load(loadBefore)}, after ${load(os.loadavg())}.`,
  '',
  '| operation | runs | service median (min-max) ms | SQL floor median (min-max) ms | service / floor | goal |',
  '|---|---|---|---|---|---|',
  line(
    `load ${n(ROOTS)} roots + ${n(ROOTS * ORIGINS)} included rows (GET, JSON parsed)`,
    loadMs,
    loadFloorMs,
    1000,
    runs,
  ),
  ...(applyRuns > 0
    ? [line(`apply ${n(ACCEPTS)} accepts (POST applyOUChanges)`, applyMs, applyFloorMs, 3000, applyRuns)]
    : []),
];
const report = lines.join('\n');
console.log(`\n${report}\n`);
const out = path.join(import.meta.dirname, `../results/outside-updates-postgres-${zone.sites}.md`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${report}\n`);
await database.close();
