/**
 * Pricing events: dated price changes a zone's stores take on their day. Set Price (Item
 * Adjustment) and mergeFuturePricing put prices in them, the calendar edits them, the scheduler
 * (ready-job.ts) turns them ready, Distribute to Sites merges them (distribution/events-merge.ts).
 * Every status change goes through status.ts, under the domain's allowed transitions.
 */
import {
  type BodyOut,
  type EventItem,
  EventMode,
  type EventWriteResult,
  effectiveDateError,
  isoDateInZone,
  msg,
  type PricingEvent,
  PricingEventStatus,
  parseDateInput,
  type pricingEventCalls,
  type RoundType,
  startOfDayInZone,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { pgArray } from '../../db/arrays';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { todayIso } from '../../lib/business-day';
import { now as clockNow } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { checkUpdateKeys } from '../pricebook/write';
import { beginWrite } from '../pricebook/write-scope';
import {
  assertEventKeys,
  assertPending,
  deleteEvent,
  editEventPrices,
  moveEventToDay,
  removeEventItems,
  renameEvent,
} from './calendar';
import { eventItems } from './items';
import { eventAnswer, findEvent, readWhen } from './locate';
import { futurePrices, readChange } from './pricing';
import {
  deleteEventItems,
  type EventPrice,
  eventById,
  findOpenEvent,
  insertEvent,
  listZoneEvents,
  nextFreeSlot,
  upsertEventPrices,
} from './queries';
import { readyDueEvents } from './status';

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
  /** The clock (tests; the server's clock.ts otherwise); today is its day in the business time zone. */
  now?: Date;
}

export interface SaveEventPricesOptions {
  ex: Executor;
  zoneId: number;
  user: string;
  target: EventTarget;
  prices: EventPrice[];
}

/** Who asks: the signed-in user. */
export interface Actor {
  userId: number;
  userName: string;
}

type Calls = typeof pricingEventCalls;
type Body<K extends keyof Calls> = BodyOut<Calls[K]>;

export function pricingEventService(deps: { db: Db; config: AppConfig }) {
  const timeZone = deps.config.businessTimeZone;

  /** A new event starts at 12:00 AM of its day; later events that day get 12:01, 12:02 ... */
  async function newEventTime(ex: Executor, zoneId: number, isoDay: string): Promise<Date> {
    return nextFreeSlot(ex, zoneId, startOfDayInZone(isoDay, timeZone));
  }

  /** One write of the calendar: a transaction that first checks the zone and takes its write lock. */
  function write<T>(o: { userId: number; zoneId: number }, work: (ex: Executor) => Promise<T>): Promise<T> {
    return deps.db.transaction(async (tx) => {
      await beginWrite(tx, { userId: o.userId, zoneId: o.zoneId });
      return work(tx);
    });
  }

  const answer = (e: Parameters<typeof eventAnswer>[0]) => eventAnswer(e, timeZone);
  const reread = async (ex: Executor, zoneId: number, id: number) =>
    answer((await eventById(ex, zoneId, id))!);
  const dayOf = (at: Date) => isoDateInZone(new Date(at), timeZone);

  const service = {
    /** The zone's events as the page lists them; `currentOnly` leaves out the done ones. */
    async list(zoneId: number, opts: { currentOnly: boolean }): Promise<PricingEvent[]> {
      const found = await listZoneEvents(deps.db, zoneId, opts.currentOnly, timeZone);
      return found.map(answer);
    },

    /**
     * Checks an event choice before anything is written: an existing event must be pending and
     * take mode 1 or 2; a new name takes mode 3 and an effective date from today on.
     */
    async resolveTarget(o: ResolveEventOptions): Promise<EventTarget> {
      const existing = await findOpenEvent(o.ex, o.zoneId, o.name);
      if (existing) {
        assertPending(existing);
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
      const err = effectiveDateError(o.effectiveDate, todayIso(timeZone, o.now ?? clockNow()));
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

    /**
     * The scheduler's work and /runCurrentPricingEvents': pending events whose time has come
     * (at or before `now`) become ready. `userId`: only that user's zones.
     */
    async readyDue(now: Date, o: { userId?: number } = {}): Promise<number> {
      return deps.db.transaction((tx) => readyDueEvents(tx, now, o));
    },

    /** The drag: the event moves to the day's next free slot (changePricingEvent). */
    async changeDate(u: Actor, body: Body<'change'>, now = clockNow()): Promise<PricingEvent> {
      return write({ userId: u.userId, zoneId: body.ZoneSetupID }, async (ex) => {
        const e = await findEvent(ex, body.ZoneSetupID, body.thePricingEvent, timeZone);
        await moveEventToDay(ex, e, body.NewEffectiveDate, { today: todayIso(timeZone, now), timeZone });
        return reread(ex, body.ZoneSetupID, e.id);
      });
    },

    /** The edit form's Submit: name, day and the grid's future prices, in one transaction. */
    async update(
      u: Actor,
      body: Body<'update'>,
      now = clockNow(),
    ): Promise<PricingEvent & { Message: string }> {
      return write({ userId: u.userId, zoneId: body.ZoneSetupID }, async (ex) => {
        const e = await findEvent(
          ex,
          body.ZoneSetupID,
          { PricingEventName: body.EventName, EffectiveDateTime: body.EffectiveDate },
          timeZone,
        );
        assertPending(e);
        const newName = (body.NewName ?? '').trim();
        if (newName && newName !== e.name) await renameEvent(ex, e, newName);
        const newDay = body.NewEffectiveDate ?? body.NewDate;
        if (newDay && newDay.trim() !== '') {
          await moveEventToDay(ex, e, newDay, { today: todayIso(timeZone, now), timeZone });
        }
        if (Array.isArray(body.UpdatedPricingEvent)) await editEventPrices(ex, e, body.UpdatedPricingEvent);
        return { ...(await reread(ex, body.ZoneSetupID, e.id)), Message: msg('SUCCESSFULLY_SAVED') };
      });
    },

    /** Remove Items (PricingEventItemsToDelete) or Delete Event. */
    async remove(u: Actor, body: Body<'remove'>): Promise<EventWriteResult> {
      return write({ userId: u.userId, zoneId: body.ZoneSetupID }, async (ex) => {
        const e = await findEvent(
          ex,
          body.ZoneSetupID,
          { PricingEventName: body.EventName, EffectiveDateTime: body.EffectiveDate },
          timeZone,
        );
        if (!body.PricingEventItemsToDelete) {
          await deleteEvent(ex, e);
          return { Count: 1, Message: msg('ITEMS_DELETED'), Event: null };
        }
        const picked = body.SelectedItems.filter((i) => i.isSelected !== false);
        const n = await removeEventItems(ex, e, picked);
        return { Count: n, Message: msg('ITEMS_DELETED'), Event: await reread(ex, body.ZoneSetupID, e.id) };
      });
    },

    /** The event's items (both variants of /getEventItems). */
    async items(zoneId: number, body: Body<'items'>): Promise<EventItem[]> {
      return deps.db.transaction(async (ex) => {
        const ref = body.thePricingEvent ?? {
          PricingEventName: body.EventName ?? '',
          EffectiveDateTime: body.EffectiveDate,
        };
        const e = await findEvent(ex, zoneId, ref, timeZone);
        return eventItems(ex, e, { timeZone, day: dayOf(e.effective_at) });
      });
    },

    /** The calendar's set prices: the event's items (or the selected ones) priced from the zone's current price. */
    async setPricing(u: Actor, body: Body<'setPricing'>): Promise<EventWriteResult> {
      const change = readChange(body.UpdateType, body.ChangeAmount);
      return write({ userId: u.userId, zoneId: body.ZoneSetupID }, async (ex) => {
        const e = await findEvent(ex, body.ZoneSetupID, body.thePricingEvent, timeZone);
        assertPending(e);
        await assertEventKeys(ex, e.id, body.SelectedItems);
        const items = body.SelectedItems.length
          ? body.SelectedItems
          : (
              await rows<{ ID: string; PackSize: number }>(
                ex,
                sql`select item_id as "ID", pack_size as "PackSize" from pricing_event_items where event_id = ${e.id}`,
              )
            ).map((r) => ({ ID: r.ID, PackSize: Number(r.PackSize) }));
        if (items.length === 0) throw new AppError('VALIDATION', msg('NO_EVENT_ITEMS'));
        const prices = await futurePrices(ex, body.ZoneSetupID, items, change, body.RoundType as RoundType);
        await upsertEventPrices(ex, e.id, prices);
        return {
          Count: prices.length,
          Message: msg('EVENT_ITEMS_SAVED', { n: prices.length }),
          Event: await reread(ex, body.ZoneSetupID, e.id),
        };
      });
    },

    /**
     * mergeFuturePricing(ISO): the selected items go into the event with the price change (Mode 1
     * add, 2 replace its items, 3 a new event on thePricingEvent's day); their UpdateKeys are the
     * zone's, checked under the zone's lock. `iso`: the event's date must be ISO.
     */
    async mergeFuture(
      u: Actor,
      body: Body<'mergeFuture'>,
      o: { iso: boolean; now?: Date },
    ): Promise<EventWriteResult> {
      const change = readChange(body.UpdateType, body.ChangeAmount);
      const ev = body.thePricingEvent;
      const dateText = ev.EffectiveDateTime ?? ev.EffectiveDate ?? ev.strEffectiveDateTime ?? '';
      if (o.iso && dateText !== '' && !/^\d{4}-\d{2}-\d{2}/.test(dateText)) {
        throw new AppError('VALIDATION', `thePricingEvent.EffectiveDateTime: ${msg('INVALID_DATE')}`);
      }
      return write({ userId: u.userId, zoneId: body.ZoneSetupID }, async (ex) => {
        await checkUpdateKeys(
          ex,
          body.ZoneSetupID,
          body.SelectedItems.map((i) => ({
            itemId: i.ID,
            packSize: i.PackSize,
            updateKey: i.UpdateKey,
            values: {},
          })),
        );
        const when = readWhen(dateText, timeZone);
        const day = when ? ('at' in when ? dayOf(when.at) : when.day) : null;
        const target = await service.resolveTarget({
          ex,
          zoneId: body.ZoneSetupID,
          name: ev.PricingEventName.trim(),
          mode: Number(body.Mode ?? EventMode.AddToEvent),
          effectiveDate: day,
          now: o.now,
        });
        const prices = await futurePrices(
          ex,
          body.ZoneSetupID,
          body.SelectedItems,
          change,
          body.RoundType as RoundType,
        );
        const id = await service.savePrices({
          ex,
          zoneId: body.ZoneSetupID,
          user: u.userName,
          target,
          prices,
        });
        return {
          Count: prices.length,
          Message: msg('EVENT_ITEMS_SAVED', { n: prices.length }),
          Event: await reread(ex, body.ZoneSetupID, id),
        };
      });
    },

    /** The not-yet-distributed events holding the selected items (bulk zonePricingEventsItems). */
    async zoneEventItems(zoneId: number, body: Body<'zoneEventItems'>) {
      const found = await rows<{
        item_id: string;
        pack_size: number;
        id: number;
        name: string;
        at: Date;
        status: number;
        price: string;
      }>(
        deps.db,
        sql`select pi.item_id, pi.pack_size, e.id, e.name, e.effective_at as at, e.status,
            pi.future_unit_list::text as price
          from pricing_event_items pi join pricing_events e on e.id = pi.event_id
          where e.zone_id = ${zoneId} and e.status in (${PricingEventStatus.Pending}, ${PricingEventStatus.Ready})
            and (pi.item_id, pi.pack_size) in (select * from unnest(${pgArray(
              body.SelectedItems.map((i) => i.ID),
              'text',
            )}, ${pgArray(
              body.SelectedItems.map((i) => i.PackSize),
              'int',
            )}))
          order by pi.item_id, pi.pack_size, e.effective_at`,
      );
      return found.map((r) => ({
        ID: r.item_id,
        PackSize: r.pack_size,
        EventId: r.id,
        PricingEventName: r.name,
        EffectiveDateTime: new Date(r.at).toISOString(),
        Status: r.status,
        FutureUnitList: r.price,
      }));
    },

    /**
     * Undo of a distributed event: a new pending event, today's next slot, holding each item's
     * price from before the merge; it names the event it undoes. Once per event.
     */
    async undo(u: Actor, body: Body<'undo'>, now = clockNow()): Promise<EventWriteResult> {
      return write({ userId: u.userId, zoneId: body.ZoneSetupID }, async (ex) => {
        const e = await findEvent(ex, body.ZoneSetupID, body.thePricingEvent, timeZone);
        if (e.status !== PricingEventStatus.Distributed)
          throw new AppError('VALIDATION', msg('EVENT_NOT_DISTRIBUTED'));
        const [done] = await rows<{ id: number }>(
          ex,
          sql`select id from pricing_events where undo_of = ${e.id}`,
        );
        if (done)
          throw new AppError(
            'CONFLICT',
            msg('EVENT_NAME_TAKEN', { name: msg('EVENT_UNDO_NAME', { name: e.name }) }),
          );
        const prices = (
          await rows<{ item_id: string; pack_size: number; price: string }>(
            ex,
            sql`select item_id, pack_size, previous_unit_list::text as price from pricing_event_items
              where event_id = ${e.id} and previous_unit_list is not null order by item_id, pack_size`,
          )
        ).map((r) => ({ itemId: r.item_id, packSize: r.pack_size, price: r.price }));
        if (prices.length === 0) throw new AppError('VALIDATION', msg('NO_EVENT_ITEMS'));
        const name = msg('EVENT_UNDO_NAME', { name: e.name });
        const at = await newEventTime(ex, body.ZoneSetupID, todayIso(timeZone, now));
        const id = await insertEvent(ex, {
          zoneId: body.ZoneSetupID,
          name,
          at,
          user: u.userName,
          undoOf: e.id,
        });
        await upsertEventPrices(ex, id, prices);
        return {
          Count: prices.length,
          Message: msg('EVENT_UNDO_CREATED', { name, n: prices.length }),
          Event: await reread(ex, body.ZoneSetupID, id),
        };
      });
    },
  };
  return service;
}

export type PricingEventService = ReturnType<typeof pricingEventService>;
