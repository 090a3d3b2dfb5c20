/**
 * The one writer of a pricing event's status. Every move is checked against the domain's allowed
 * transitions (domain/src/pricing-events.ts) in the same statement that makes it: an event not in
 * a status it may leave for `to` is left alone, and the caller learns which ids moved.
 */
import { EVENT_TRANSITIONS, PricingEventStatus } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

/** The statuses an event may be in to move to `to`. */
function fromStatuses(to: PricingEventStatus): number[] {
  return Object.entries(EVENT_TRANSITIONS)
    .filter(([, next]) => next.includes(to))
    .map(([from]) => Number(from));
}

/**
 * Moves the events to `to` where the domain allows it; `reason` is kept for an error (4) and
 * cleared otherwise; a distributed event records when. Returns the ids that moved.
 */
export async function moveEventStatus(
  ex: Executor,
  ids: number[],
  to: PricingEventStatus,
  o: { reason?: string } = {},
): Promise<number[]> {
  if (ids.length === 0) return [];
  const moved = await rows<{ id: number }>(
    ex,
    sql`update pricing_events set status = ${to},
        error = ${to === PricingEventStatus.Error ? (o.reason ?? 'Unknown error.') : null},
        distributed_at = ${to === PricingEventStatus.Distributed ? sql`now()` : sql`distributed_at`}
      where id = any(${pgArray(ids, 'int')}) and status = any(${pgArray(fromStatuses(to), 'int')})
      returning id`,
  );
  return moved.map((r) => r.id);
}

/**
 * Pending events whose effective time is at or before `now` become ready (all zones, or one
 * user's zones). Returns how many moved.
 */
export async function readyDueEvents(ex: Executor, now: Date, o: { userId?: number } = {}): Promise<number> {
  const due = await rows<{ id: number }>(
    ex,
    sql`select id from pricing_events where status = ${PricingEventStatus.Pending}
      and effective_at <= ${now.toISOString()}::timestamptz
      ${o.userId === undefined ? sql`` : sql`and zone_id in (select zone_id from user_zones where user_id = ${o.userId})`}
      order by id for update`,
  );
  return (
    await moveEventStatus(
      ex,
      due.map((r) => r.id),
      PricingEventStatus.Ready,
    )
  ).length;
}
