/**
 * The command line: `npm run pricebook -- <command>`.
 *   migrate                                 apply migrations
 *   seed --demo                             load the demo price book into an empty database
 *   seed --scale --zones Z --sites S --items N   replace the price book with generated data (benchmarks)
 *   user add NAME [--password P]            add a user (asks for the password when not given)
 *   user zones NAME ZONE...                 give a user these zones (zone numbers)
 *   worker                                  run the background workers only (transfers), no HTTP
 *   store-sim [--sites 1,2] [--once|--watch] [--drift N] [--seed S] [--full]
 *                                           play the stores on the site folders (docs/store-sim.md)
 */
import { pino } from 'pino';
import { loadConfig } from '../config';
import { isEmpty } from '../db/bootstrap';
import { type Database, openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { cleanStaleTemps } from '../exchange/exclusive-write';
import { loadDemo } from '../seed/demo';
import { loadScale } from '../seed/scale';
import { writeDemoVendorFiles } from '../seed/vendor-files';
import { createServices, type Services } from '../services';
import { argValue, hasFlag } from './args';
import { STORE_SIM_USAGE } from './store-sim-usage';
import { askPassword } from './users';

const USAGE = `Usage: npm run pricebook -- <command>
  migrate
  seed --demo
  seed --scale [--zones 3] [--sites 50] [--items 25000]
  user add NAME [--password P]
  user zones NAME ZONE_NO...
  worker
  ${STORE_SIM_USAGE}`;

/**
 * A worker-only process (PostgreSQL deployments with several instances; HTTP instances then run
 * with WORKERS=off): runs transfers until SIGINT/SIGTERM, then lets the running tasks end.
 */
async function runWorker(services: Services): Promise<number> {
  // As the server does at start: temporary files of writes a crash cut short never reach a store.
  const cleaned = await cleanStaleTemps(services.config.sitesDir).catch(() => 0);
  if (cleaned) console.log(`Removed ${cleaned} temporary file(s) left by interrupted writes.`);
  await services.startWorkers();
  console.log(`Worker ${services.jobs.workerId} running transfers and scheduled jobs. Ctrl+C stops it.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await services.stopWorkers();
  console.log('Worker stopped.');
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, sub] = argv;
  if (!cmd || cmd === 'help' || hasFlag(argv, '--help')) {
    console.log(USAGE);
    return cmd ? 0 : 1;
  }
  const config = loadConfig();
  // The store simulator needs no database: it runs beside a server holding the embedded one. A
  // development tool (server/src/dev/), loaded only for this command.
  if (cmd === 'store-sim') {
    const { storeSimCommand } = await import('../dev/store-sim/cli');
    return storeSimCommand(argv.slice(1), config.sitesDir);
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(
      `${err.message}\nStop the server (pid ${err.pid}) before running this command, or make the change through the running server's API.`,
    );
    return 3;
  }
  // The same services the server builds; its log goes to stderr, the command's answers to stdout.
  const services = createServices({
    config,
    db: database.db,
    log: pino({ level: config.logLevel }, pino.destination(2)),
  });
  try {
    await database.migrate();
    if (cmd === 'migrate') {
      console.log('Migrations applied.');
      return 0;
    }
    if (cmd === 'seed' && hasFlag(argv, '--demo')) {
      if (!(await isEmpty(database))) {
        console.error('The database already holds a price book; the demo loads only into an empty one.');
        return 2;
      }
      const r = await loadDemo(services.db, { password: argValue(argv, '--password') ?? 'demo' });
      await writeDemoVendorFiles(services.db, config.sitesDir);
      console.log(
        `Demo loaded: ${r.items} items at ${r.sites} sites in ${r.zones} zones (${r.siteRows} site rows). Sign in as demo.`,
      );
      return 0;
    }
    if (cmd === 'seed' && hasFlag(argv, '--scale')) {
      const zones = Number(argValue(argv, '--zones') ?? 3);
      const sites = Number(argValue(argv, '--sites') ?? 50);
      const items = Number(argValue(argv, '--items') ?? 25000);
      const started = Date.now();
      const r = await loadScale(services.db, { zones, sites, items });
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `Scale data loaded: ${r.siteRows} site rows (${sites} sites x ${items} items, ${zones} zones) in ${secs} s. User bench / bench.`,
      );
      return 0;
    }
    if (cmd === 'worker') return await runWorker(services);
    if (cmd === 'user' && sub === 'add' && argv[2]) {
      const userName = argv[2];
      const given = argValue(argv, '--password');
      await services.users.add({ userName, password: given ?? (() => askPassword(userName)) });
      console.log(`User ${argv[2]} added.`);
      return 0;
    }
    if (cmd === 'user' && sub === 'zones' && argv[2]) {
      const zoneNos = argv.slice(3).map(Number);
      const n = await services.users.setZones({ userName: argv[2], zoneNos });
      console.log(`User ${argv[2]} now has ${n} zone(s).`);
      return 0;
    }
    console.error(USAGE);
    return 1;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
