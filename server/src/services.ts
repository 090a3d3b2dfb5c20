/**
 * The services object: built once from the configuration and the database, and handed to the
 * HTTP routes (app.ts), the command line (cli/main.ts) and background workers alike, so each
 * calls the same code for the same work. A feature's service is a set of functions closed over
 * what it needs (the database, settings such as the business time zone or SITES_DIR); functions
 * that must join a caller's transaction take that transaction (`ex`) in their options. A route
 * plugin names the parts it uses in its options' type (`{ services: { db; negCosts } }`) and is
 * given this whole object, so features do not import this file.
 */
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { distributionService } from './features/distribution/service';
import { negCostService } from './features/negcost/service';
import { pricingEventService } from './features/pricing-events/service';
import { reportService } from './features/reports/service';
import { transferService } from './features/transfers/service';
import { userService } from './features/users/service';
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
  const services = {
    config,
    db,
    log,
    users: userService(deps),
    pricingEvents: pricingEventService(deps),
    negCosts: negCostService(deps),
    distribution: distributionService(deps),
    reports: reportService(deps),
    /** Background work: register(kind, handlers), start(...), status(...), activeSites(...). */
    transfers: transferService({ ...deps, log }),
    /** Report e-mail over SMTP_URL; `enabled` false without it. */
    mail: mailService(config),
  };
  // Transfer handlers are registered here, once, so the server and `npm run pricebook -- worker`
  // run the same ones: services.transfers.register('DTS', { site, finished }).
  return services;
}

export type Services = ReturnType<typeof createServices>;
