/**
 * Finding the event a request names, and the event answer. A request names an event by its id, by
 * its name and exact time (EffectiveDateTime as ISO, or 'MM/DD/YYYY hh:mm AM' as the page shows
 * it), or by its name and day.
 */
import {
  type EventRefInput,
  formatUsDateTime,
  isoDateInZone,
  msg,
  type PricingEvent,
  parseDateInput,
  startOfDayInZone,
} from '@cpb/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type EventRow, eventById, eventByName } from './queries';

/** An instant (the text has a time) or a day, read from what the page sends; null when neither. */
export function readWhen(
  text: string | null | undefined,
  timeZone: string,
): { at: Date } | { day: string } | null {
  const t = (text ?? '').trim();
  if (t === '') return null;
  if (/^\d{4}-\d{2}-\d{2}T/.test(t)) {
    const at = new Date(t);
    return Number.isNaN(at.getTime()) ? null : { at };
  }
  const us = /^(\d{1,2}[/-]\d{1,2}[/-]\d{4})\s+(\d{1,2}):(\d{2})\s*([AP]M)$/i.exec(t);
  if (us) {
    const day = parseDateInput(us[1]);
    const h = Number(us[2]);
    const min = Number(us[3]);
    if (!day || h < 1 || h > 12 || min > 59) return null;
    const h24 = (h % 12) + (us[4].toUpperCase() === 'PM' ? 12 : 0);
    return { at: new Date(startOfDayInZone(day, timeZone).getTime() + (h24 * 60 + min) * 60_000) };
  }
  const day = parseDateInput(t);
  return day ? { day } : null;
}

/** The day's first instant and the next day's, in the business time zone. */
export function dayBounds(day: string, timeZone: string): { from: Date; to: Date } {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { from: startOfDayInZone(day, timeZone), to: startOfDayInZone(next, timeZone) };
}

/** The zone's event the reference names (locked), or 404. */
export async function findEvent(
  ex: Executor,
  zoneId: number,
  ref: EventRefInput,
  timeZone: string,
): Promise<EventRow> {
  const name = ref.PricingEventName.trim();
  let found: EventRow | null = null;
  if (ref.Id) {
    found = await eventById(ex, zoneId, Number(ref.Id));
  } else {
    const when =
      readWhen(ref.EffectiveDateTime, timeZone) ??
      readWhen(ref.strEffectiveDateTime, timeZone) ??
      readWhen(ref.EffectiveDate, timeZone);
    if (when && 'at' in when) found = await eventByName(ex, zoneId, name, when);
    else if (when) {
      found = await eventByName(ex, zoneId, name, dayBounds(when.day, timeZone));
    }
  }
  if (!found) {
    const date = ref.EffectiveDateTime ?? ref.strEffectiveDateTime ?? ref.EffectiveDate ?? '';
    throw new AppError('NOT_FOUND', msg('EVENT_NOT_FOUND', { name: `'${name}'`, date }));
  }
  return found;
}

/** The event as the calls answer it. */
export function eventAnswer(e: EventRow, timeZone: string): PricingEvent {
  const at = new Date(e.effective_at);
  return {
    Id: e.id,
    PricingEventName: e.name,
    EffectiveDateTime: at.toISOString(),
    EffectiveDate: isoDateInZone(at, timeZone),
    strEffectiveDateTime: formatUsDateTime(at, timeZone),
    Status: e.status,
    SortableStatus: e.status,
    ErrorReason: e.error,
    UndoOf: e.undo_of,
    Collides: e.collides ?? false,
  };
}
