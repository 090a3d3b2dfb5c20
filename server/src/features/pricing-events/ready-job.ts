/**
 * The scheduler of pricing events (jobs/define.ts): every minute, pg-boss sends one job across all
 * processes, and its run turns the pending events whose effective time has passed into ready ones
 * (times are instants: an event's 12:00 AM is its day's start in the business time zone; "now" is
 * the server's clock, lib/clock.ts). It never sends anything to stores: Distribute to Sites merges
 * ready events. A run's output (pgboss.job.output) says how many events it readied and where.
 */
import { defineJob } from '../../jobs/define';
import { now as clockNow } from '../../lib/clock';
import type { PricingEventService } from './service';

export const READY_EVENTS_JOB = 'ready-pricing-events';

export function readyEventsJob(deps: { pricingEvents: PricingEventService; now?: () => Date }) {
  return defineJob<Record<string, never>>({
    name: READY_EVENTS_JOB,
    cron: '* * * * *',
    scheduledData: {},
    retries: 1,
    expireInSeconds: 300,
    throttleSeconds: 30,
    async work(_data, ctx) {
      const readied = await deps.pricingEvents.readyDue((deps.now ?? clockNow)());
      return { readied, workerId: ctx.workerId };
    },
  });
}
