/**
 * Zones that share a store, on the demo price book (issue 26): Set Price of 1 and of 20 items in
 * each demo zone, in turns, through the API. Zone 1 (5 stores) is the base zone of store 5, which
 * zone 2 (5 stores) also holds; zone 3 (3 stores) shares none. A write to zone 1 also sets zone 2's
 * summary; a write to zone 2 gives store 5 own rows (its base rows are zone 1's) and refreshes
 * zone 1's summary. Each item moves +0.01 and back, so runs leave the prices as they were.
 *
 *   npm run demo-zones -w bench -- [--runs 20]                     PGlite, a temporary data folder
 *   DATABASE_URL=<an empty database> npm run demo-zones -w bench   PostgreSQL
 *
 * The demo is loaded first (PostgreSQL: into the empty database named). See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoundType, UpdateType } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, rows } from '../../server/src/db/client';
import { keysIn } from '../../server/src/features/pricebook/layers';
import { loadDemo } from '../../server/src/seed/demo';
import { signIn } from './api';
import { summarize, time } from './stats';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('runs', '20'));
const warmup = 3;
const url = process.env.DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-demo-zones-'));
const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: tmp });
await database.migrate();
await loadDemo(database.db, { password: 'demo' });
const db = database.db;
const app = await buildApp({ db, config: { ...loadConfig({ DATA_DIR: tmp, WEB_DIST: '/nonexistent' }) } });

type Key = { ID: string; PackSize: number };
/** Items of the zone priced 1.00-50.00, not expense items (their list is locked), from `offset`. */
const itemsOf = (zoneId: number, n: number, offset: number) =>
  rows<Key>(
    db,
    sql`select item_id as "ID", pack_size as "PackSize" from zone_items
      where zone_id = ${zoneId} and inv_type <> 'X' and unit_list between 1 and 50
      order by item_id, pack_size limit ${n} offset ${offset}`,
  );
const keysOf = (zoneId: number, items: Key[]) =>
  rows<{ ID: string; PackSize: number; UpdateKey: string }>(
    db,
    sql`select item_id as "ID", pack_size as "PackSize", update_key::text as "UpdateKey" from zone_items
      where zone_id = ${zoneId} and ${keysIn(
        'zone_items',
        items.map((i) => ({ itemId: i.ID, packSize: i.PackSize })),
      )}`,
  );

try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const api = await signIn(base, 'demo', 'demo');
  const cases: Array<{ label: string; zoneId: number; items: Key[]; ms: number[] }> = [];
  for (const zoneId of [1, 2, 3])
    for (const n of [1, 20])
      cases.push({
        label: `zone ${zoneId}, ${n} items`,
        zoneId,
        items: await itemsOf(zoneId, n, 100),
        ms: [],
      });
  for (let r = 0; r < warmup + runs; r++) {
    for (const c of cases) {
      const selected = await keysOf(c.zoneId, c.items);
      const [t, a] = await time(() =>
        api.post<{ RootResults?: { Saved: number } }>('/adjust/demo/updateSSCSItemsPriceChange', {
          ZoneSetupID: c.zoneId,
          SelectedItems: selected,
          UpdateType: UpdateType.AddAmount,
          RoundType: RoundType.None,
          ChangeAmount: r % 2 === 0 ? '0.01' : '-0.01',
        }),
      );
      if (a.RootResults?.Saved !== c.items.length)
        throw new Error(`${c.label}: saved ${a.RootResults?.Saved}`);
      if (r >= warmup) c.ms.push(t);
    }
  }
  const zone3 = (n: number) =>
    summarize(cases.find((c) => c.label === `zone 3, ${n} items`)?.ms ?? []).median;
  console.log(
    `Demo zones on ${url ? 'PostgreSQL' : 'PGlite'}, ${runs} runs after ${warmup}, load average ${os.loadavg()[0].toFixed(1)}:`,
  );
  console.log('| Set Price | median ms | p95 ms | / zone 3, same items |');
  console.log('|---|---|---|---|');
  for (const c of cases) {
    const s = summarize(c.ms);
    console.log(`| ${c.label} | ${s.median} | ${s.p95} | ${(s.median / zone3(c.items.length)).toFixed(2)} |`);
  }
} finally {
  await app.close();
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
