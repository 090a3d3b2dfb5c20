/**
 * The calendar's edits of a pending event: its day (a drag, or the edit form's date), its name,
 * its items' future prices, and removing items or the whole event. Each runs in the caller's
 * transaction after beginWrite has checked the zone and locked it.
 */
import { isEventEditable, isWeekend, itemKey, msg, parseDateInput } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { listSome } from '../pricebook/write';
import { dayBounds } from './locate';
import { type EventRow, nextFreeSlot } from './queries';

export interface KeyedItem {
  ID: string;
  PackSize: number;
  UpdateKey?: string | null;
}

export function assertPending(e: EventRow): void {
  if (!isEventEditable(e.status))
    throw new AppError('VALIDATION', msg('EVENT_NOT_PENDING', { name: e.name }));
}

/**
 * Moves the event to `dayText`: a day from today on, not a weekend; it takes the day's next free
 * slot. The same day keeps its time. Returns the event's new time.
 */
export async function moveEventToDay(
  ex: Executor,
  e: EventRow,
  dayText: string,
  o: { today: string; timeZone: string },
): Promise<Date> {
  assertPending(e);
  const day = parseDateInput(dayText);
  if (!day) throw new AppError('VALIDATION', `NewEffectiveDate: ${msg('INVALID_DATE')}`);
  if (day < o.today) throw new AppError('VALIDATION', msg('EVENT_DAY_PAST'));
  if (isWeekend(day)) throw new AppError('VALIDATION', msg('EVENT_DAY_WEEKEND'));
  const { from, to } = dayBounds(day, o.timeZone);
  const at0 = new Date(e.effective_at);
  if (at0 >= from && at0 < to) return at0;
  const at = await nextFreeSlot(ex, e.zone_id, from, e.id);
  await ex.execute(
    sql`update pricing_events set effective_at = ${at.toISOString()}::timestamptz where id = ${e.id}`,
  );
  return at;
}

/** Renames the event (409 when the zone has that name at the same time). */
export async function renameEvent(ex: Executor, e: EventRow, name: string): Promise<void> {
  assertPending(e);
  const [clash] = await rows<{ id: number }>(
    ex,
    sql`select id from pricing_events where zone_id = ${e.zone_id} and name = ${name}
      and effective_at = ${new Date(e.effective_at).toISOString()}::timestamptz and id <> ${e.id}`,
  );
  if (clash) throw new AppError('CONFLICT', msg('EVENT_NAME_TAKEN', { name }));
  await ex.execute(sql`update pricing_events set name = ${name} where id = ${e.id}`);
}

/** 409 unless every keyed item is in the event with that UpdateKey. */
export async function assertEventKeys(ex: Executor, eventId: number, items: KeyedItem[]): Promise<void> {
  const keyed = items.filter((i) => i.UpdateKey != null && i.UpdateKey !== '');
  if (keyed.length === 0) return;
  const current = await rows<{ item_id: string; pack_size: number; key: string }>(
    ex,
    sql`select item_id, pack_size, update_key::text as key from pricing_event_items where event_id = ${eventId}
      and (item_id, pack_size) in (select * from unnest(${pgArray(
        keyed.map((i) => i.ID),
        'text',
      )}, ${pgArray(
        keyed.map((i) => i.PackSize),
        'int',
      )}))`,
  );
  const now = new Map(current.map((r) => [itemKey(r.item_id, r.pack_size), r.key]));
  const stale = keyed.filter((i) => now.get(itemKey(i.ID, i.PackSize)) !== String(i.UpdateKey));
  if (stale.length) {
    throw new AppError(
      'CONFLICT',
      `${msg('STALE_UPDATE_KEY')} (${listSome(stale.map((i) => itemKey(i.ID, i.PackSize)))})`,
    );
  }
}

/** Sets the edited future prices of items already in the event; returns how many changed. */
export async function editEventPrices(
  ex: Executor,
  e: EventRow,
  items: Array<KeyedItem & { FutureUnitList: string }>,
): Promise<number> {
  assertPending(e);
  if (items.length === 0) return 0;
  await assertEventKeys(ex, e.id, items);
  const changed = await rows<{ item_id: string }>(
    ex,
    sql`update pricing_event_items pi set future_unit_list = v.price, update_key = pi.update_key + 1
      from unnest(${pgArray(
        items.map((i) => i.ID),
        'text',
      )}, ${pgArray(
        items.map((i) => i.PackSize),
        'int',
      )}, ${pgArray(
        items.map((i) => i.FutureUnitList),
        'numeric',
      )}) as v(item_id, pack_size, price)
      where pi.event_id = ${e.id} and pi.item_id = v.item_id and pi.pack_size = v.pack_size
      returning pi.item_id`,
  );
  return changed.length;
}

/** Removes the items from the event (their keys checked); returns how many went. */
export async function removeEventItems(ex: Executor, e: EventRow, items: KeyedItem[]): Promise<number> {
  assertPending(e);
  if (items.length === 0) return 0;
  await assertEventKeys(ex, e.id, items);
  const gone = await rows<{ item_id: string }>(
    ex,
    sql`delete from pricing_event_items where event_id = ${e.id}
      and (item_id, pack_size) in (select * from unnest(${pgArray(
        items.map((i) => i.ID),
        'text',
      )}, ${pgArray(
        items.map((i) => i.PackSize),
        'int',
      )})) returning item_id`,
  );
  return gone.length;
}

export async function deleteEvent(ex: Executor, e: EventRow): Promise<void> {
  assertPending(e);
  await ex.execute(sql`delete from pricing_events where id = ${e.id}`);
}
