/** Pricing events of a zone and the future prices they hold (`pricing_events`, `pricing_event_items`). */
import { PricingEventStatus } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

const EVENT_DONE = PricingEventStatus.Distributed;

export interface EventRow {
  id: number;
  zone_id: number;
  name: string;
  status: number;
  effective_at: Date;
  error: string | null;
  undo_of: number | null;
  /** Only from listZoneEvents. */
  collides?: boolean;
}

const EVENT_COLUMNS = sql`id, zone_id, name, status, effective_at, error, undo_of`;

/** A future list price of one item in an event. */
export interface EventPrice {
  itemId: string;
  packSize: number;
  price: string;
}

/**
 * The zone's events, pending first; `currentOnly` leaves out the done ones. `collides`: another
 * pending or ready event of the zone changes one of the event's items on the same day (in the
 * business time zone).
 */
export async function listZoneEvents(ex: Executor, zoneId: number, currentOnly: boolean, timeZone: string) {
  return rows<EventRow>(
    ex,
    sql`select e.id, e.zone_id, e.name, e.status, e.effective_at, e.error, e.undo_of,
        (e.status in (1, 2) and exists (
          select 1 from pricing_events o
            join pricing_event_items b on b.event_id = o.id
            join pricing_event_items a on a.event_id = e.id and a.item_id = b.item_id and a.pack_size = b.pack_size
          where o.zone_id = e.zone_id and o.id <> e.id and o.status in (1, 2)
            and (o.effective_at at time zone ${timeZone})::date = (e.effective_at at time zone ${timeZone})::date
        )) as collides
      from pricing_events e where e.zone_id = ${zoneId}
      ${currentOnly ? sql`and e.status <> ${EVENT_DONE}` : sql``} order by e.status, e.effective_at, e.id`,
  );
}

/** The latest event of that name in the zone that is not done, if any. */
export async function findOpenEvent(ex: Executor, zoneId: number, name: string): Promise<EventRow | null> {
  const [e] = await rows<EventRow>(
    ex,
    sql`select ${EVENT_COLUMNS} from pricing_events where zone_id = ${zoneId} and name = ${name}
      and status <> ${EVENT_DONE} order by effective_at desc limit 1`,
  );
  return e ?? null;
}

/** How many events of the zone start in the day that begins at `midnight`. */
export async function countEventsOnDay(ex: Executor, zoneId: number, midnight: Date): Promise<number> {
  const [c] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int n from pricing_events where zone_id = ${zoneId}
      and effective_at >= ${midnight.toISOString()}::timestamptz and effective_at < ${midnight.toISOString()}::timestamptz + interval '1 day'`,
  );
  return c.n;
}

/** A new pending event; returns its id. */
export async function insertEvent(
  ex: Executor,
  e: { zoneId: number; name: string; at: Date; user: string; undoOf?: number },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    ex,
    sql`insert into pricing_events (zone_id, name, effective_at, status, created_by, undo_of)
      values (${e.zoneId}, ${e.name}, ${e.at.toISOString()}::timestamptz, ${PricingEventStatus.Pending}, ${e.user},
        ${e.undoOf ?? null}) returning id`,
  );
  return row.id;
}

export async function deleteEventItems(ex: Executor, eventId: number): Promise<void> {
  await ex.execute(sql`delete from pricing_event_items where event_id = ${eventId}`);
}

/** Puts the prices in the event; an item already there takes the new price and a new update key. */
export async function upsertEventPrices(ex: Executor, eventId: number, prices: EventPrice[]): Promise<void> {
  await ex.execute(sql`insert into pricing_event_items (event_id, item_id, pack_size, future_unit_list)
    select ${eventId}, v.item_id, v.pack_size, v.price from unnest(
      ${pgArray(
        prices.map((p) => p.itemId),
        'text',
      )}, ${pgArray(
        prices.map((p) => p.packSize),
        'int',
      )}, ${pgArray(
        prices.map((p) => p.price),
        'numeric',
      )}) as v(item_id, pack_size, price)
    on conflict (event_id, item_id, pack_size) do update set future_unit_list = excluded.future_unit_list,
      update_key = pricing_event_items.update_key + 1`);
}

/** One event of the zone by id, locked for the caller's transaction. */
export async function eventById(ex: Executor, zoneId: number, id: number): Promise<EventRow | null> {
  const [e] = await rows<EventRow>(
    ex,
    sql`select ${EVENT_COLUMNS} from pricing_events where zone_id = ${zoneId} and id = ${id} for update`,
  );
  return e ?? null;
}

/** The event of that name at exactly `at`, or (day given) the latest of that name in that day. */
export async function eventByName(
  ex: Executor,
  zoneId: number,
  name: string,
  o: { at: Date } | { from: Date; to: Date },
): Promise<EventRow | null> {
  const when =
    'at' in o
      ? sql`effective_at = ${o.at.toISOString()}::timestamptz`
      : sql`effective_at >= ${o.from.toISOString()}::timestamptz and effective_at < ${o.to.toISOString()}::timestamptz`;
  const [e] = await rows<EventRow>(
    ex,
    sql`select ${EVENT_COLUMNS} from pricing_events where zone_id = ${zoneId} and name = ${name} and ${when}
      order by effective_at desc, id desc limit 1 for update`,
  );
  return e ?? null;
}

/**
 * The day's next free slot: midnight when the zone has no event that day, else a minute after the
 * day's last event (so an event placed later applies later). `exceptId`: the event being moved.
 */
export async function nextFreeSlot(
  ex: Executor,
  zoneId: number,
  midnight: Date,
  exceptId?: number,
): Promise<Date> {
  const [r] = await rows<{ last: number | null }>(
    ex,
    sql`select (extract(epoch from max(effective_at)) * 1000)::float8 as last from pricing_events where zone_id = ${zoneId}
      and effective_at >= ${midnight.toISOString()}::timestamptz
      and effective_at < ${midnight.toISOString()}::timestamptz + interval '1 day'
      ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`,
  );
  return r.last === null ? midnight : new Date(Number(r.last) + 60_000);
}
