/**
 * Acknowledgement collection as a job: every minute (pg-boss's schedule, sent once whatever the
 * number of processes) and when a picker asks for it, the job reads the ACK files of the sites whose
 * last distribution is not yet confirmed and records them. The pickers (`GET /zonesSites`) read
 * only what the job stored: a GET never reads or writes store files.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { defineJob } from '../../jobs/define';
import { collectAcks } from './collect-acks';

export const ACK_JOB = 'collect-acks';

export interface AckJobData {
  /** Only these sites (all unconfirmed sites when absent). */
  siteIds?: number[];
}

export function ackCollectionJob(deps: { db: Db; sitesDir: string; maxBytes?: number }) {
  return defineJob<AckJobData>({
    name: ACK_JOB,
    cron: '* * * * *',
    scheduledData: {},
    // A nudge from a picker while one is queued or just sent adds nothing.
    throttleSeconds: 2,
    retries: 1,
    expireInSeconds: 600,
    async work(data) {
      const siteIds =
        data.siteIds ??
        (
          await rows<{ site_id: number }>(
            deps.db,
            sql`select site_id from site_exchange
              where last_dist_file is not null and last_ack_for is distinct from last_dist_file`,
          )
        ).map((r) => r.site_id);
      if (siteIds.length) await collectAcks(deps.db, deps.sitesDir, siteIds, deps.maxBytes);
    },
  });
}
