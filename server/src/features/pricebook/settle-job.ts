/**
 * Settle as a scheduled job (jobs/define.ts): every night at 03:17 UTC, and when sent with zones,
 * folds what writes could not (settle.ts). It changes no store's values, so it may run at any time
 * beside writes: it locks the zones as a write does.
 */
import type { Db } from '../../db/client';
import { defineJob } from '../../jobs/define';
import { settle } from './settle';

export const SETTLE_JOB = 'settle-price-book';

export interface SettleJobData {
  /** Only these zones (every zone when absent). */
  zoneIds?: number[];
}

export function settleJob(deps: { db: Db }) {
  return defineJob<SettleJobData>({
    name: SETTLE_JOB,
    cron: '17 3 * * *',
    scheduledData: {},
    retries: 1,
    expireInSeconds: 3600,
    throttleSeconds: 60,
    async work(data) {
      await settle(deps.db, data.zoneIds ? { zoneIds: data.zoneIds } : {});
    },
  });
}
