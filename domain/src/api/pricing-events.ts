/**
 * The Pricing Event Calendar's calls (spec part 2 §7 "Pricing events", part 1 §7's bulk
 * zonePricingEventsItems) and the undo of a distributed event. An event is named either by its id,
 * or as the page read it: its name and EffectiveDateTime (the exact instant), or its name and
 * EffectiveDate (its day; the latest event of that name that day).
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import type { UpdateType } from '../price-change';
import { effectiveDateError } from '../schemas/set-price';
import { contract } from './contract';
import {
  ChangeAmount,
  DateText,
  ItemId,
  int32,
  MAX_SELECTED_ITEMS,
  MoneyList,
  NAME_MAX,
  PackSize,
  rows,
  safeText,
  UpdateKey,
  ZoneId,
} from './fields';
import { UserParams } from './params';
import { PricingEvent, rootOf } from './responses';

const Events = ['pricing events'];

const EventName = safeText(NAME_MAX).refine((s) => s.trim() !== '', 'Required.');

/**
 * The calendar's label and effective date of an event as typed (edit and clone): the label the
 * calls take, and a date Set Price's rule allows (a day from today on, never a weekend).
 */
export function makeEventHeaderSchema({ today }: { today: string }) {
  return z.object({
    name: EventName,
    date: z.string().superRefine((text, ctx) => {
      const code = effectiveDateError(text, today);
      if (code) ctx.addIssue({ code: 'custom', message: MESSAGES[code] });
    }),
  });
}
export type EventHeaderForm = z.input<ReturnType<typeof makeEventHeaderSchema>>;

/** An event as the page holds it (the fields the spec's thePricingEvent carries, and its id). */
export const EventRef = z.object({
  Id: int32(1).nullish(),
  PricingEventName: EventName,
  EffectiveDateTime: DateText.nullish(),
  EffectiveDate: DateText.nullish(),
  strEffectiveDateTime: DateText.nullish(),
  Status: z.number().int().nullish(),
  SortableStatus: z.number().int().nullish(),
});
export type EventRefInput = z.input<typeof EventRef>;

/** An item of an event as a request names it (grid selections). */
export const EventItemRef = z.object({
  ID: ItemId,
  PackSize,
  SetupId: z.number().int().nullish(),
  isSelected: z.boolean().nullish(),
  UpdateKey: UpdateKey.optional(),
});

/** An item's edited future price (the editing grid's FutureUnitList), with the key it was read with. */
export const EventItemEdit = EventItemRef.extend({ FutureUnitList: MoneyList });

/** One item of an event as the editing grid shows it. */
export const EventItem = z.strictObject({
  ID: z.string(),
  PackSize: z.number(),
  ItemDescription: z.string(),
  /** 'dept-sub Dept name / Sub name'. */
  DeptSub: z.string(),
  CurrentUnitList: z.string().nullable(),
  FutureUnitList: z.string(),
  /** How many of the zone's sites carry the item. */
  SiteNo: z.number(),
  /** The event's id. */
  SetupId: z.number(),
  /** The event item's key: a save with another key is refused (409). */
  UpdateKey: z.string(),
  /** The event's status. */
  Status: z.number(),
  /** Another event of the zone changing this item the same day, and whether this one wins. */
  Collision: z
    .strictObject({ EventName: z.string(), EffectiveDateTime: z.string(), Wins: z.boolean() })
    .nullable(),
});
export type EventItem = z.infer<typeof EventItem>;

/** What a write answers: how many rows it touched and the spec's message. */
export const EventWriteResult = z.strictObject({
  Count: z.number(),
  Message: z.string(),
  /** The event written (absent when it was deleted). */
  Event: PricingEvent.nullable(),
});
export type EventWriteResult = z.infer<typeof EventWriteResult>;

const PriceFields = {
  UpdateType: z
    .number()
    .int()
    .refine(
      (n) => [0, 1, 2, 3].includes(n),
      'must be 0 (no change), 1 (add percent), 2 (add amount) or 3 (set amount).',
    )
    .transform((n) => n as UpdateType),
  RoundType: int32(0, 3).default(0),
  PromotionDateType: int32(0, 2).optional(),
  ChangeAmount: ChangeAmount.nullish(),
  Mode: int32(1, 3).nullish(),
};

export const UpdateEventBody = z.object({
  ZoneSetupID: ZoneId,
  EventName,
  /** The event's current EffectiveDateTime (or its day). */
  EffectiveDate: DateText,
  /** The event itself, or the grid's items with their edited future prices. */
  UpdatedPricingEvent: z.union([EventRef, rows(EventItemEdit, MAX_SELECTED_ITEMS)]).nullish(),
  NewName: safeText(NAME_MAX).nullish(),
  NewDate: DateText.nullish(),
  NewEffectiveDate: DateText.nullish(),
});

export const ChangeEventBody = z.object({
  ZoneSetupID: ZoneId,
  thePricingEvent: EventRef,
  /** The day the event is dropped on. */
  NewEffectiveDate: DateText,
});

export const DeleteEventBody = z.object({
  ZoneSetupID: ZoneId,
  SelectedItems: rows(EventItemRef, MAX_SELECTED_ITEMS).default([]),
  EventName,
  EffectiveDate: DateText,
  /** True: remove the selected items; false: delete the event. */
  PricingEventItemsToDelete: z.boolean().default(false),
});

export const GetEventItemsBody = z
  .object({
    ZoneSetupID: ZoneId,
    EventName: EventName.optional(),
    EffectiveDate: DateText.optional(),
    thePricingEvent: EventRef.optional(),
  })
  .refine(
    (b) => b.thePricingEvent || (b.EventName && b.EffectiveDate),
    'Send EventName and EffectiveDate, or thePricingEvent.',
  );

export const SetEventPricingBody = z.object({
  ZoneSetupID: ZoneId,
  /** The items to price; none: every item of the event. */
  SelectedItems: rows(EventItemRef, MAX_SELECTED_ITEMS).default([]),
  thePricingEvent: EventRef,
  ...PriceFields,
});

export const MergeFuturePricingBody = z.object({
  ZoneSetupID: ZoneId,
  SelectedItems: rows(EventItemRef, MAX_SELECTED_ITEMS).min(1, 'select at least one item'),
  thePricingEvent: EventRef,
  ...PriceFields,
});

export const ZoneEventItemsBody = z.object({
  ZoneSetupID: ZoneId,
  SelectedItems: rows(EventItemRef, MAX_SELECTED_ITEMS).min(1, 'select at least one item'),
});

/** An item's place in a not-yet-distributed event (zonePricingEventsItems). */
export const ZoneEventItem = z.strictObject({
  ID: z.string(),
  PackSize: z.number(),
  EventId: z.number(),
  PricingEventName: z.string(),
  EffectiveDateTime: z.string(),
  Status: z.number(),
  FutureUnitList: z.string(),
});

export const UndoEventBody = z.object({ ZoneSetupID: ZoneId, thePricingEvent: EventRef });

export const pricingEventCalls = {
  runCurrent: contract({
    method: 'GET',
    path: '/runCurrentPricingEvents/:user',
    params: UserParams,
    response: rootOf(z.strictObject({ Count: z.number(), Message: z.string() })),
    tags: Events,
  }),
  update: contract({
    method: 'POST',
    path: '/updateZonePricingEvent/:user',
    params: UserParams,
    body: UpdateEventBody,
    response: rootOf(PricingEvent.extend({ Message: z.string() })),
    tags: Events,
  }),
  change: contract({
    method: 'POST',
    path: '/changePricingEvent/:user',
    params: UserParams,
    body: ChangeEventBody,
    response: rootOf(PricingEvent),
    tags: Events,
  }),
  remove: contract({
    method: 'POST',
    path: '/deleteZonePricingEvent/:user',
    params: UserParams,
    body: DeleteEventBody,
    response: rootOf(EventWriteResult),
    tags: Events,
  }),
  items: contract({
    method: 'POST',
    path: '/getEventItems/:user',
    params: UserParams,
    body: GetEventItemsBody,
    response: rootOf(z.array(EventItem)),
    tags: Events,
  }),
  setPricing: contract({
    method: 'POST',
    path: '/setCalendarEventPricing/:user',
    params: UserParams,
    body: SetEventPricingBody,
    response: rootOf(EventWriteResult),
    tags: Events,
  }),
  mergeFuture: contract({
    method: 'POST',
    path: '/mergeFuturePricing/:user',
    params: UserParams,
    body: MergeFuturePricingBody,
    response: rootOf(EventWriteResult),
    tags: Events,
  }),
  mergeFutureIso: contract({
    method: 'POST',
    path: '/mergeFuturePricingISO/:user',
    params: UserParams,
    body: MergeFuturePricingBody,
    response: rootOf(EventWriteResult),
    tags: Events,
  }),
  zoneEventItems: contract({
    method: 'POST',
    path: '/adjust/:user/zonePricingEventsItems',
    params: UserParams,
    body: ZoneEventItemsBody,
    response: rootOf(z.array(ZoneEventItem)),
    tags: Events,
  }),
  undo: contract({
    method: 'POST',
    path: '/undoPricingEvent/:user',
    params: UserParams,
    body: UndoEventBody,
    response: rootOf(EventWriteResult),
    tags: Events,
  }),
};
