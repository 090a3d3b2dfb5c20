/**
 * Starts Central Price Book: opens the database (PGlite in DATA_DIR unless DATABASE_URL is set),
 * applies migrations, loads the demo price book into an empty embedded database, and listens.
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { isEmpty } from './db/bootstrap';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { cleanStaleTemps } from './exchange/exclusive-write';
import { now, onTestClock } from './lib/clock';
import { loadDemo } from './seed/demo';
import { writeDemoVendorFiles } from './seed/vendor-files';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  (err: unknown) => {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(`${err.message}\nStop that process first, or give this one another DATA_DIR.`);
    process.exit(3);
  },
);
await database.migrate();

let demoLoaded = false;
if (config.demoOnEmpty && (await isEmpty(database))) {
  const started = Date.now();
  const r = await loadDemo(database.db);
  demoLoaded = true;
  // The demo's vendor price files wait in the two setups' folders (Vendor Import).
  await writeDemoVendorFiles(database.db, config.sitesDir);
  console.log(
    `Demo price book loaded: ${r.items} items, ${r.sites} sites, ${r.zones} zones (${Date.now() - started} ms).`,
  );
}

const app = await buildApp({
  db: database.db,
  dbKind: database.kind,
  config,
  logger: { level: config.logLevel },
  // Transfers (Site Import, Distribute to Sites) run in this process unless WORKERS=off.
  workers: config.workers,
});

// Temporary files of writes a crash cut short never reach a store: remove them.
const cleaned = await cleanStaleTemps(config.sitesDir).catch(() => 0);
if (cleaned) app.log.info({ cleaned }, 'removed temporary files left by interrupted writes');

// The store simulator is a development tool (server/src/dev/): loaded only with STORE_SIM=on.
const stores = config.storeSim
  ? await (await import('./dev/store-sim/in-app')).startDemoStores({
      db: database.db,
      sitesDir: config.sitesDir,
      intervalMs: config.storeSimIntervalSeconds * 1000,
      fresh: demoLoaded,
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    })
  : null;

const close = async () => {
  await stores?.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
console.log(`\nCentral Price Book is running at http://localhost:${config.port}  (database: ${where})`);
if (!config.workers)
  console.log('Background work is off here (WORKERS=off): run `npm run pricebook -- worker`.');
if (demoLoaded || !config.databaseUrl) console.log('Demo sign-in: user "demo", password "demo"\n');
if (onTestClock()) console.log(`Test clock (CPB_TEST_NOW): the server's now is ${now().toISOString()}.`);
