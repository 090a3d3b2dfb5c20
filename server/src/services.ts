/**
 * The services object: built once from the configuration and the database, and handed to the
 * HTTP routes (app.ts), the command line (cli/main.ts) and background workers alike, so each
 * calls the same code for the same work. A feature's service is a set of functions closed over
 * what it needs (the database, settings such as the business time zone or SITES_DIR); functions
 * that must join a caller's transaction take that transaction (`ex`) in their options. A route
 * plugin names the parts it uses in its options' type (`{ services: { db; negCosts } }`) and is
 * given this whole object, so features do not
 * import this file.
 */

import { sql } from 'drizzle-orm';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { rows } from './db/client';
import { dtsHandlers } from './features/distribution/dts-site';
import { distributionService } from './features/distribution/service';
import { negCostService } from './features/negcost/service';
import { ouReportService } from './features/outside-updates/report';
import { outsideUpdatesService } from './features/outside-updates/service';
import { settleJob } from './features/pricebook/settle-job';
import { readyEventsJob } from './features/pricing-events/ready-job';
import { pricingEventService } from './features/pricing-events/service';
import { configurePdfPool } from './features/reports/pdf-pool';
import { reportService } from './features/reports/service';
import { ackCollectionJob } from './features/site-import/ack-job';
import { siteImportKind } from './features/site-import/kind';
import { transferService } from './features/transfers/service';
import { userService } from './features/users/service';
import { vendorImportKind } from './features/vendor-import/kind';
import { databaseKind } from './jobs/boss';
import { jobService } from './jobs/service';
import { vacuumJob } from './jobs/vacuum-job';
import { mailService } from './lib/mail';

/** Where services write what an operator should see (pino's shape: Fastify's logger fits). */
export interface ServiceLog {
  info(obj: object, message?: string): void;
  warn(obj: object, message?: string): void;
  error(obj: object, message?: string): void;
}

/** A log that drops everything (tests, and callers that have none). */
export const silentLog: ServiceLog = { info() {}, warn() {}, error() {} };

export interface ServicesOptions {
  config: AppConfig;
  db: Db;
  log?: ServiceLog;
}

export function createServices({ config, db, log = silentLog }: ServicesOptions) {
  const deps = { config, db };
  configurePdfPool({ workers: config.pdfWorkers, perUser: config.pdfQueuePerUser });
  /** pg-boss: every job (transfers' and scheduled ones) is defined once and run through it. */
  const jobs = jobService({ ...deps, log });
  /** Background work: register(kind, handlers), start(...), status(...), activeSites(...). */
  const transfers = transferService({ ...deps, log, jobs });
  const services = {
    config,
    db,
    log,
    jobs,
    users: userService(deps),
    pricingEvents: pricingEventService(deps),
    negCosts: negCostService(deps),
    outsideUpdates: outsideUpdatesService(deps),
    /** The Outside Updates report (PDF, HTML). */
    ouReports: ouReportService(deps),
    // Runs start on the queue, in the transaction of the rows they depend on (the events merged).
    distribution: distributionService({ ...deps, start: (ex, o) => transfers.start(o, { ex }) }),
    reports: reportService(deps),
    transfers,
    /** Report e-mail over SMTP_URL; `enabled` false without it. */
    mail: mailService(config),
    /** Runs this process's share of background work: every job queue, scheduled jobs, transfer upkeep. */
    async startWorkers(): Promise<void> {
      await transfers.startWorkers();
      await jobs.startWorkers();
    },
    /** Stops background work: claims no more, lets running jobs end (up to `timeoutMs`), stops pg-boss. */
    async stopWorkers(timeoutMs = 10_000): Promise<void> {
      transfers.stop();
      await jobs.stop(timeoutMs);
    },
  };
  jobs.register(ackCollectionJob({ db, sitesDir: config.sitesDir, maxBytes: config.storeFileMaxBytes }));
  jobs.register(settleJob({ db }));
  // PostgreSQL's autovacuum clears dead rows and keeps statistics; the embedded database has none.
  if (databaseKind(db) === 'pglite') jobs.register(vacuumJob({ db }));
  jobs.register(readyEventsJob({ pricingEvents: services.pricingEvents }));
  // Transfer handlers are registered here, once, so the server and `npm run pricebook -- worker`
  // run the same ones.
  transfers.register('DTS', dtsHandlers);
  transfers.register('Vendor Import', vendorImportKind);
  transfers.register('DTS Import', dtsHandlers);
  transfers.register(
    'Site Import',
    siteImportKind(async ({ userName, siteIds, siteImport }) => {
      const [user] = await rows<{ id: number }>(db, sql`select id from users where user_name = ${userName}`);
      if (!user) throw new Error(`Distribute to Sites after the import: no user ${userName}`);
      return services.distribution.dts.start({
        userId: user.id,
        userName,
        siteIds,
        bModsOnly: true,
        kind: 'DTS Import',
        options: { siteImport },
      });
    }),
  );
  return services;
}

export type Services = ReturnType<typeof createServices>;
