/**
 * Pricing event benchmark (not a timed test), through the HTTP API beside hand-written SQL floors:
 *
 * - set prices on an event of 5,000 items (`POST /setCalendarEventPricing`, +5 % and -5 % in
 *   turn, last digit 9; the answer must report 5,000 saved). Floor: one UPDATE of the event's
 *   items from the zone's prices (+/-5 %, no rounding rule). Goal: under 2 s.
 * - a month with 200 events (`GET /getZonePricingEvents`, what the calendar loads). Floor: the
 *   SELECT of the zone's events. Goal: under 200 ms.
 *
 * The zone is the first one. The event and the 200 month events are made before timing and
 * deleted after it.
 *
 *   DATABASE_URL=... npm run events -w bench -- --db postgres [--runs 20] [--price-runs 4]
 *   npm run events -w bench -- --db pglite [--sites 10 --items 10000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { insertEvent, upsertEventPrices } from '../../server/src/features/pricing-events/queries';
import { loadScale } from '../../server/src/seed/scale';
import { signIn } from './api';
import { round, summarize, time } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const kind = arg('db', 'pglite');
const runs = Number(arg('runs', '20'));
const priceRuns = Number(arg('price-runs', '4'));
const ITEMS = 5_000;
const MONTH_EVENTS = 200;

const tmp = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-bench-ev-')) : null;
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
const items = await rows<{ item_id: string; pack_size: number }>(
  db,
  sql`select item_id, pack_size from zone_items where zone_id = ${zone.id} and site_count > 0
    and coalesce(inv_type, '') <> 'X' and unit_list between 1 and 99 order by item_id, pack_size limit ${ITEMS}`,
);
if (items.length < ITEMS) throw new Error(`only ${items.length} items priced 1.00-99.00 in zone ${zone.id}`);

const app = await buildApp({
  db,
  config: { ...loadConfig({ DATA_DIR: tmp ?? '/tmp', WEB_DIST: '/nonexistent' }) },
});
const lines: string[] = [];
const made: number[] = [];
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const signedIn = await signIn(base);
  const { cookie } = signedIn;
  const api = { post: signedIn.post };

  // The 5,000-item event, far in the future (a weekday), untimed.
  const day = new Date(Date.UTC(2099, 0, 5)); // a Monday
  const ev = await api.post<{ RootResults: { Event: { Id: number } } }>('/mergeFuturePricing/bench', {
    ZoneSetupID: zone.id,
    SelectedItems: items.map((i) => ({ ID: i.item_id, PackSize: i.pack_size })),
    thePricingEvent: { PricingEventName: 'Bench 5000', EffectiveDateTime: day.toISOString().slice(0, 10) },
    UpdateType: 0,
    RoundType: 0,
    Mode: 3,
  });
  const eventId = ev.RootResults.Event.Id;
  made.push(eventId);

  const apiMs: number[] = [];
  for (let r = 0; r < priceRuns; r++) {
    const [ms, answer] = await time(() =>
      api.post<{ RootResults: { Count: number } }>('/setCalendarEventPricing/bench', {
        ZoneSetupID: zone.id,
        thePricingEvent: { Id: eventId, PricingEventName: 'Bench 5000' },
        UpdateType: 1,
        RoundType: 2,
        PromotionDateType: 2,
        ChangeAmount: r % 2 === 0 ? '5' : '-5',
      }),
    );
    if (answer.RootResults.Count !== ITEMS) throw new Error(`set prices saved ${answer.RootResults.Count}`);
    apiMs.push(ms);
  }
  const floorMs: number[] = [];
  for (let r = 0; r < priceRuns; r++) {
    const [ms] = await time(() =>
      db.transaction(async (tx) => {
        await tx.execute(sql`update pricing_event_items pi
          set future_unit_list = round(zi.unit_list * ${r % 2 === 0 ? 1.05 : 0.95}, 2), update_key = pi.update_key + 1
          from zone_items zi where pi.event_id = ${eventId} and zi.zone_id = ${zone.id}
            and zi.item_id = pi.item_id and zi.pack_size = pi.pack_size`);
      }),
    );
    floorMs.push(ms);
  }

  // 200 events in one month (10 items each), untimed.
  for (let i = 0; i < MONTH_EVENTS; i++) {
    const at = new Date(Date.UTC(2099, 1, 1 + (i % 28), 6, Math.floor(i / 28)));
    const id = await insertEvent(db, { zoneId: zone.id, name: `Bench month ${i}`, at, user: 'bench' });
    made.push(id);
    await upsertEventPrices(
      db,
      id,
      items
        .slice(i * 10, i * 10 + 10)
        .map((x) => ({ itemId: x.item_id, packSize: x.pack_size, price: '1.99' })),
    );
  }
  const get = async () => {
    const res = await fetch(`${base}/getZonePricingEvents/bench/${zone.id}`, {
      headers: { cookie },
    });
    if (!res.ok) throw new Error(`getZonePricingEvents ${res.status}`);
    const body = (await res.json()) as { RootResults: unknown[] };
    if (body.RootResults.length < MONTH_EVENTS) throw new Error(`only ${body.RootResults.length} events`);
  };
  for (let w = 0; w < 3; w++) await get();
  const monthMs: number[] = [];
  for (let r = 0; r < runs; r++) monthMs.push((await time(get))[0]);
  const monthFloor: number[] = [];
  for (let r = 0; r < runs; r++) {
    monthFloor.push(
      (
        await time(() =>
          rows(
            db,
            sql`select id, name, effective_at, status, error, undo_of from pricing_events where zone_id = ${zone.id}
              order by status, effective_at, id`,
          ),
        )
      )[0],
    );
  }

  const row = (name: string, a: number[], f: number[], goal: string) => {
    const s = summarize(a);
    const fl = summarize(f);
    return `| ${name} | ${s.median} | ${s.p95} | ${fl.median} | ${round(s.median / Math.max(fl.median, 0.1))}x | ${goal} |`;
  };
  lines.push(
    `Pricing events on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, zone 1: ${zone.sites} sites x ${zone.items.toLocaleString('en-US')} items.`,
    `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
    '',
    '| case | API median ms | API p95 ms | floor median ms | ratio | goal |',
    '|---|---|---|---|---|---|',
    row(`set prices, event of ${ITEMS} items (${priceRuns} runs)`, apiMs, floorMs, '< 2000 ms'),
    row(`month with ${MONTH_EVENTS} events (${runs} runs)`, monthMs, monthFloor, '< 200 ms'),
  );
} finally {
  await app.close();
  for (const id of made) await db.execute(sql`delete from pricing_events where id = ${id}`);
}
const report = lines.join('\n');
console.log(`\n${report}\n`);
const out = path.join(import.meta.dirname, `../results/pricing-events-${kind}-${zone.sites}.md`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${report}\n`);
await database.close();
if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
