/**
 * Pricing events: dated price changes a zone's stores take on their day. Set Price (Item
 * Adjustment) puts prices in them; the event screens and the scheduler to come read them here.
 */
import {
  EventMode,
  effectiveDateError,
  formatUsDateTime,
  isoDateInZone,
  msg,
  type PricingEvent,
  parseDateInput,
  startOfDayInZone,
} from '@cpb/domain';
import type { AppConfig } from '../../config';
import type { Db, Executor } from '../../db/client';
import { todayIso } from '../../lib/business-day';
import { AppError } from '../../lib/errors';
import {
  countEventsOnDay,
  deleteEventItems,
  type EventPrice,
  findOpenEvent,
  insertEvent,
  listZoneEvents,
  upsertEventPrices,
} from './queries';

export type { EventPrice } from './queries';

/** Where a Set Price's prices go: a pending event of that name (add to it or replace its items), or a new one. */
export type EventTarget =
  | { kind: 'existing'; name: string; eventId: number; replace: boolean }
  | { kind: 'new'; name: string; day: string };

export interface ResolveEventOptions {
  ex: Executor;
  zoneId: number;
  name: string;
  /** EventMode: 1 add to event, 2 replace items, 3 create new event. */
  mode: number;
  /** The new event's day as the user typed it (mode 3). */
  effectiveDate?: string | null;
}

export interface SaveEventPricesOptions {
  ex: Executor;
  zoneId: number;
  user: string;
  target: EventTarget;
  prices: EventPrice[];
}

export function pricingEventService(deps: { db: Db; config: AppConfig }) {
  const timeZone = deps.config.businessTimeZone;

  /** A new event starts at 12:00 AM of its day; later events that day get 12:01, 12:02 ... */
  async function newEventTime(ex: Executor, zoneId: number, isoDay: string): Promise<Date> {
    const midnight = startOfDayInZone(isoDay, timeZone);
    const n = await countEventsOnDay(ex, zoneId, midnight);
    return new Date(midnight.getTime() + n * 60_000);
  }

  return {
    /** The zone's events as the page lists them; `currentOnly` leaves out the done ones. */
    async list(zoneId: number, opts: { currentOnly: boolean }): Promise<PricingEvent[]> {
      const found = await listZoneEvents(deps.db, zoneId, opts.currentOnly);
      return found.map((e) => ({
        PricingEventName: e.name,
        EffectiveDateTime: new Date(e.effective_at).toISOString(),
        EffectiveDate: isoDateInZone(new Date(e.effective_at), timeZone),
        strEffectiveDateTime: formatUsDateTime(new Date(e.effective_at), timeZone),
        Status: e.status,
        SortableStatus: e.status,
      }));
    },

    /**
     * Checks an event choice before anything is written: an existing event must be pending and
     * take mode 1 or 2; a new name takes mode 3 and an effective date from today on.
     */
    async resolveTarget(o: ResolveEventOptions): Promise<EventTarget> {
      const existing = await findOpenEvent(o.ex, o.zoneId, o.name);
      if (existing) {
        if (existing.status !== 1)
          throw new AppError('VALIDATION', `The event '${o.name}' is no longer pending; it cannot change.`);
        if (o.mode !== EventMode.AddToEvent && o.mode !== EventMode.ReplaceItems) {
          throw new AppError(
            'VALIDATION',
            `PricingEventMode: '${o.name}' exists; choose 1 (add to event) or 2 (replace items).`,
          );
        }
        return {
          kind: 'existing',
          name: o.name,
          eventId: existing.id,
          replace: o.mode === EventMode.ReplaceItems,
        };
      }
      if (o.mode !== EventMode.NewEvent)
        throw new AppError(
          'VALIDATION',
          `PricingEventMode: '${o.name}' is a new event; only 3 (create new event) is allowed.`,
        );
      const err = effectiveDateError(o.effectiveDate, todayIso(timeZone));
      if (err) throw new AppError('VALIDATION', `strEffectiveDate: ${msg(err)}`);
      return { kind: 'new', name: o.name, day: parseDateInput(o.effectiveDate)! };
    },

    /** Creates the event or empties it (replace), then puts the prices in it; returns its id. */
    async savePrices(o: SaveEventPricesOptions): Promise<number> {
      const { ex, target } = o;
      let eventId: number;
      if (target.kind === 'new') {
        const at = await newEventTime(ex, o.zoneId, target.day);
        eventId = await insertEvent(ex, { zoneId: o.zoneId, name: target.name, at, user: o.user });
      } else {
        eventId = target.eventId;
        if (target.replace) await deleteEventItems(ex, eventId);
      }
      await upsertEventPrices(ex, eventId, o.prices);
      return eventId;
    },
  };
}

export type PricingEventService = ReturnType<typeof pricingEventService>;
