/**
 * pg-boss on the app's own database. On the embedded database it runs through pg-boss's PGlite
 * adapter on the SAME PGlite instance the app uses (one connection, one process); on PostgreSQL it
 * opens its own small node-postgres pool from the connection string.
 */
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Db } from '../db/client';

/** The raw client behind a drizzle database: the PGlite instance or the node-postgres pool. */
export function rawClient(db: Db): PGlite | pg.Pool {
  return (db as unknown as { $client: PGlite | pg.Pool }).$client;
}

export function databaseKind(db: Db): 'pglite' | 'postgres' {
  return rawClient(db) instanceof PGlite ? 'pglite' : 'postgres';
}

/**
 * A pg-boss instance. `schedule`: this process takes part in sending scheduled jobs (pg-boss claims
 * each cron pass in the database, so several processes send each occurrence once).
 */
export function createBoss(o: { db: Db; databaseUrl: string | null; schedule: boolean }): PgBoss {
  const client = rawClient(o.db);
  const common = {
    schedule: o.schedule,
    supervise: true,
    application_name: 'pricebook-jobs',
    // The cron pass runs every 15 s (pg-boss's default is 30): an occurrence is sent within it.
    cronMonitorIntervalSeconds: 15,
  } as const;
  return client instanceof PGlite
    ? new PgBoss({ ...common, db: fromPglite(client), backend: 'pglite' })
    : new PgBoss({
        ...common,
        connectionString: o.databaseUrl ?? (client as pg.Pool).options.connectionString,
        max: 4,
      });
}
