/**
 * The Set Price dialog and the adjust-price dialog with a pricing event
 * (spec part 1 §2.4, §4 "Pricing event modes", §5 "Batch dialogs"; part 2 §4,
 * §5). `today` is a parameter (ISO 'YYYY-MM-DD'); nothing here reads a clock.
 */
import { z } from 'zod';
import { isWeekend, parseDateInput } from '../dates';
import { MESSAGES, type MessageCode } from '../messages';
import { type PriceChange, type PriceOpt, parsePriceChange } from '../price-change';
import { type RoundType, roundTypeFromFlags } from '../rounding';

/** The event list's placeholder for "no event". */
export const NONE_EVENT = '--None--';

/** Pricing event modes: 1 add to event, 2 replace items, 3 create new event. */
export const EventMode = { AddToEvent: 1, ReplaceItems: 2, NewEvent: 3 } as const;
export type EventMode = (typeof EventMode)[keyof typeof EventMode];

export type EventStatus = 'new_event' | 'add_replace_items';

/** Events with status 3 (distributed) cannot be chosen in the price dialogs. */
export function selectableEvents<T extends { Status: number }>(events: readonly T[]): T[] {
  return events.filter((e) => e.Status !== 3);
}

/** The modes each status allows: new_event only 3; add_replace_items 1 and 2. */
export function allowedModes(status: EventStatus | null): EventMode[] {
  if (status === 'new_event') return [EventMode.NewEvent];
  if (status === 'add_replace_items') return [EventMode.AddToEvent, EventMode.ReplaceItems];
  return [];
}

/** Why an effective date cannot start a new event, or null when it can. */
export function effectiveDateError(text: string | null | undefined, today: string): MessageCode | null {
  if ((text ?? '').trim() === '') return 'REQUIRED';
  const d = parseDateInput(text);
  if (d === null) return 'INVALID_DATE';
  if (d < today) return 'DATE_BEFORE_TODAY';
  if (isWeekend(d)) return 'DATE_ON_WEEKEND';
  return null;
}

function isNoEvent(name: string | null | undefined): boolean {
  const n = (name ?? '').trim();
  return n === '' || n === NONE_EVENT;
}

/**
 * The dialog's event status: none for no event; add_replace_items when an
 * existing event is chosen; new_event when a new name has a valid effective
 * date (the new-event option stays disabled until the date is valid).
 */
export function pricingEventStatus(input: {
  PricingEventName?: string | null;
  existingEvent?: boolean;
  EffectiveDate?: string | null;
  today: string;
}): EventStatus | null {
  if (isNoEvent(input.PricingEventName)) return null;
  if (input.existingEvent) return 'add_replace_items';
  return effectiveDateError(input.EffectiveDate, input.today) === null ? 'new_event' : null;
}

export interface SetPriceForm {
  priceOpt: PriceOpt;
  addAmount?: string | null;
  setAmount?: string | null;
  addPercent?: string | null;
  last5?: boolean;
  last9?: boolean;
  PricingEventName?: string | null;
  existingEvent?: boolean;
  EffectiveDate?: string | null;
  Mode?: number | null;
}

const AMOUNT_FIELD: Record<PriceOpt, 'addAmount' | 'setAmount' | 'addPercent'> = {
  addAmount: 'addAmount',
  setAmount: 'setAmount',
  addPercent: 'addPercent',
  percentage: 'addPercent',
};

/** Choosing one price option clears the others' amounts. */
export function choosePriceOpt(form: SetPriceForm, opt: PriceOpt): SetPriceForm {
  const keep = AMOUNT_FIELD[opt];
  const next: SetPriceForm = { ...form, priceOpt: opt, addAmount: '', setAmount: '', addPercent: '' };
  next[keep] = form[keep] ?? '';
  return next;
}

export interface SetPriceResult {
  change: PriceChange;
  roundType: RoundType;
  event: { name: string; effectiveDate: string; mode: EventMode; isNew: boolean } | null;
}

const optText = z.string().nullish();

/**
 * The Set Price form. Valid (OK and Preview enabled) once the chosen option has
 * an amount and, when an event name is given, an effective date: for a new
 * event a valid date not before `today` and not on a weekend, with mode 3; for
 * an existing event mode 1 or 2. Yields the change, the rounding rule and the
 * event.
 */
export function makeSetPriceSchema({ today }: { today: string }) {
  return z
    .object({
      priceOpt: z.enum(['addAmount', 'setAmount', 'addPercent', 'percentage'], {
        error: MESSAGES.AMT_IS_REQD,
      }),
      addAmount: optText,
      setAmount: optText,
      addPercent: optText,
      last5: z.boolean().default(false),
      last9: z.boolean().default(false),
      PricingEventName: optText,
      existingEvent: z.boolean().default(false),
      EffectiveDate: optText,
      Mode: z.number().int().nullish(),
    })
    .transform((f, ctx): SetPriceResult => {
      const field = AMOUNT_FIELD[f.priceOpt];
      const change = parsePriceChange(f.priceOpt, f[field]);
      if (!change.ok) ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES[change.code] });
      let event: SetPriceResult['event'] = null;
      if (!isNoEvent(f.PricingEventName)) {
        const name = (f.PricingEventName ?? '').trim();
        const date = parseDateInput(f.EffectiveDate);
        const dateError = f.existingEvent
          ? date === null
            ? 'REQUIRED'
            : null
          : effectiveDateError(f.EffectiveDate, today);
        if (dateError)
          ctx.addIssue({ code: 'custom', path: ['EffectiveDate'], message: MESSAGES[dateError] });
        const status: EventStatus = f.existingEvent ? 'add_replace_items' : 'new_event';
        const mode = f.Mode ?? (status === 'new_event' ? EventMode.NewEvent : null);
        if (mode === null) ctx.addIssue({ code: 'custom', path: ['Mode'], message: MESSAGES.REQUIRED });
        else if (!allowedModes(status).includes(mode as EventMode)) {
          ctx.addIssue({ code: 'custom', path: ['Mode'], message: MESSAGES.EVENT_MODE_NOT_ALLOWED });
        }
        if (date !== null && mode !== null) {
          event = { name, effectiveDate: date, mode: mode as EventMode, isNew: !f.existingEvent };
        }
      }
      if (!change.ok) return z.NEVER;
      return { change: change.value, roundType: roundTypeFromFlags(f.last5, f.last9), event };
    });
}

export type SetPriceOutput = z.output<ReturnType<typeof makeSetPriceSchema>>;
