/**
 * The embedded database's vacuum as a scheduled job (db/vacuum.ts): every five minutes, on PGlite
 * only (services.ts registers it there; PostgreSQL has autovacuum).
 */
import type { Db } from '../db/client';
import { vacuumWhereDue } from '../db/vacuum';
import { defineJob } from './define';

export const VACUUM_JOB = 'vacuum-embedded';

export function vacuumJob(deps: { db: Db }) {
  return defineJob<Record<string, never>>({
    name: VACUUM_JOB,
    cron: '*/5 * * * *',
    scheduledData: {},
    retries: 0,
    expireInSeconds: 600,
    throttleSeconds: 60,
    work: () => vacuumWhereDue(deps.db),
  });
}
