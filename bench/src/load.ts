/**
 * Load benchmark: N signed-in sessions (default 50) for D seconds (default 60) against the real
 * server in its own process, with a mix of what users do: searches, lookups, item detail and a
 * few single-item price writes. Prints errors, p50/p95/p99 latency, the server's RSS, and the
 * slowest routes from the server's own /metrics.
 *
 *   npm run load -w bench -- --db pglite              # loads 10 sites x 10,000 items into a temp DATA_DIR
 *   DATABASE_URL=postgres://... npm run load -w bench -- --db postgres [--seed]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoundType, UpdateType } from '@cpb/domain';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from '../../server/src/db/client';
import { loadScale } from '../../server/src/seed/scale';
import { latencySummary, routeTable } from './load-report';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const kind = arg('db', 'pglite') as 'pglite' | 'postgres';
const seconds = Number(arg('duration', '60'));
const sessions = Number(arg('connections', '50'));
const scale = { zones: 2, sites: Number(arg('sites', '10')), items: Number(arg('items', '10000')) };
const serverDir = path.resolve(import.meta.dirname, '../../server');

// --- the database: scale data, then closed so the server process can open it ---
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpb-load-'));
const databaseUrl = kind === 'postgres' ? process.env.DATABASE_URL : undefined;
if (kind === 'postgres' && !databaseUrl) throw new Error('Set DATABASE_URL for --db postgres.');
{
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await database.migrate();
  const [bench] = await rows<{ n: number }>(
    database.db,
    sql`select count(*)::int n from users where user_name = 'bench'`,
  );
  if (kind === 'pglite' || process.argv.includes('--seed') || bench.n === 0) {
    const started = Date.now();
    const r = await loadScale(database.db, scale);
    console.log(`Loaded ${r.siteRows} site rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await database.close();
}

// --- the server in its own process (what users run), so its RSS and event loop are its own ---
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: serverDir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    DEMO_ON_EMPTY: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stopServer);
for (let i = 0; ; i++) {
  if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
  const up = await fetch(`${base}/healthz`).catch(() => null);
  if (up?.ok) break;
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

const rssMiB = () => {
  try {
    const m = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

// --- sessions and the data they work on ---
const cookies: string[] = [];
for (let i = 0; i < sessions; i++) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'bench', password: 'bench' }),
  });
  if (!res.ok) throw new Error(`sign-in ${i}: ${res.status} ${await res.text()}`);
  cookies.push((res.headers.get('set-cookie') ?? '').split(';')[0]);
}
const call = async (p: string, body?: unknown) => {
  const res = await fetch(`${base}${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie: cookies[0], ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return p === '/metrics' ? res.text() : res.json();
};
const zones = (await call('/userZones/bench')).RootResults as Array<{ ZoneSetupID: number }>;
const zone = zones[0].ZoneSetupID;
const picked = await call('/adjust/bench/sscitems', {
  ZoneSetupID: zone,
  clientCriterias: { ApplyUnitList: true, UnitListBeginRange: '0.01', UnitListEndRange: '99999' },
  Page: 1,
  PageSize: 2000,
});
const items = picked.GetSSCSItemsResult.Items as Array<{ ID: string; PackSize: number }>;
if (!items.length) throw new Error('no items to work on');

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];
const WORDS = ['COLA', 'CHIPS', 'CANDY', 'WATER', 'COFFEE', 'MINTS', 'SODA', 'NUTS'];
const searchCriteria = () =>
  pick([
    () => ({ ApplyItemDescription: true, ItemDesc: pick(WORDS).toLowerCase() }),
    () => {
      const d = 1 + Math.floor(Math.random() * 8);
      return { ApplyDepartmentRange: true, DeptBeginRange: String(d), DeptEndRange: `${d}.99` };
    },
    () => {
      const p = 1 + Math.floor(Math.random() * 9);
      return { ApplyUnitList: true, UnitListBeginRange: `${p}.00`, UnitListEndRange: `${p}.99` };
    },
    () => ({ ApplyInventoryID: true, InventoryID: pick(items).ID.slice(0, 6) }),
  ])();

type Req = autocannon.Request;
let nextSession = 0;
const withSession = (build: (ctx: Record<string, unknown>) => Partial<autocannon.Request>): Req => ({
  method: 'GET',
  setupRequest: (req: autocannon.Request, context: object) => {
    // A connection keeps its session (the context lives as long as its request sequence).
    const ctx = context as Record<string, unknown>;
    if (!ctx.cookie) ctx.cookie = cookies[nextSession++ % cookies.length];
    const r = build(ctx);
    return {
      ...req,
      ...r,
      headers: {
        ...req.headers,
        cookie: ctx.cookie as string,
        ...(r.body ? { 'content-type': 'application/json' } : {}),
      },
    };
  },
});
const post = (p: string, body: () => unknown) =>
  withSession(() => ({ method: 'POST', path: p, body: JSON.stringify(body()) }));
const get = (p: () => string) => withSession(() => ({ method: 'GET', path: p() }));

// One user's round: 3 searches, 4 lookups, 3 item details, 1 write (about 9 % writes).
const search = post('/adjust/bench/sscitems', () => ({
  ZoneSetupID: zone,
  clientCriterias: searchCriteria(),
  Page: 1,
  PageSize: 100,
}));
const detail = post('/additem/bench/lookUpBatchItem', () => {
  const it = pick(items);
  return { ID: it.ID, PackSize: it.PackSize, ZoneSetupID: zone };
});
const requests: Req[] = [
  search,
  get(() => '/userZones/bench'),
  detail,
  get(() => `/taxgroups/bench/${zone}`),
  search,
  get(() => {
    const it = pick(items);
    return `/adjust/bench/mostCommon?ZoneSetupID=${zone}&ID=${encodeURIComponent(it.ID)}&PS=${it.PackSize}&FieldName=UnitList`;
  }),
  detail,
  get(() => `/itemgroups/bench/${zone}`),
  search,
  detail,
  post('/adjust/bench/updateSSCSItemsPriceChange', () => {
    const it = pick(items);
    return {
      ZoneSetupID: zone,
      SelectedItems: [{ ID: it.ID, PackSize: it.PackSize }],
      UpdateType: UpdateType.AddAmount,
      RoundType: RoundType.None,
      ChangeAmount: pick(['0.01', '-0.01']),
    };
  }),
];

// --- the run ---
const latencies: number[] = [];
const statuses = new Map<number, number>();
let maxRss = rssMiB();
const rssStart = maxRss;
const sampler = setInterval(() => {
  maxRss = Math.max(maxRss, rssMiB());
}, 500);
const finished: Array<[number, number]> = [];
let runStart = performance.now();
const warmup = Number(arg('warmup', '5'));

/** One autocannon run; only the measured one records latencies. */
const runLoad = (duration: number, record: boolean) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: sessions, duration, timeout: 30, requests },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    if (!record) return;
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      latencies.push(ms);
      finished.push([performance.now() - runStart, ms]);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
if (warmup > 0) {
  console.log(`Warming up for ${warmup} s (not measured) ...`);
  await runLoad(warmup, false);
}
console.log(`Running ${sessions} sessions for ${seconds} s against ${kind} ...`);
runStart = performance.now();
const result = await runLoad(seconds, true);
clearInterval(sampler);
const rssEnd = rssMiB();
const metrics = (await call('/metrics')) as string;
stopServer();
if (process.argv.includes('--debug')) {
  const slow = [...finished].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    'slowest (finished at s, took ms):',
    slow.map(([at, ms]) => `${(at / 1000).toFixed(1)}:${ms.toFixed(0)}`),
  );
}

const lat = latencySummary(latencies);
const errors = result.errors + result.timeouts + result.non2xx;
const [{ site_rows }] = [{ site_rows: scale.sites * scale.items }];
const report = [
  `Load on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${sessions} sessions, ${seconds} s, ${site_rows} site rows (${scale.sites} sites x ${scale.items} items).`,
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, load average before the run ${os.loadavg()[0].toFixed(2)}, Node ${process.version}.`,
  '',
  '| requests | req/s | errors | p50 ms | p95 ms | p99 ms | max ms | server RSS MiB (start / max / end) |',
  '|---|---|---|---|---|---|---|---|',
  `| ${latencies.length} | ${(latencies.length / seconds).toFixed(1)} | ${errors} (${result.errors} socket, ${result.timeouts} timeouts, ${result.non2xx} non-2xx) | ${lat.p50} | ${lat.p95} | ${lat.p99} | ${lat.max} | ${rssStart.toFixed(0)} / ${maxRss.toFixed(0)} / ${rssEnd.toFixed(0)} |`,
  '',
  `Statuses: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`,
  '',
  'Server-side time by route (from /metrics):',
  '',
  ...routeTable(metrics),
].join('\n');
console.log(`\n${report}\n`);
fs.mkdirSync(path.join(import.meta.dirname, '../results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, `../results/load-${kind}.md`), `${report}\n`);
await new Promise((r) => server.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
