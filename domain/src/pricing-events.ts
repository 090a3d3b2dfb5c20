/**
 * The pricing event lifecycle, once: the status codes (pending 1, ready 2, distributed 3, error 4)
 * and the moves between them. The server's pricing-events service is the only writer of a status
 * and checks every move here; the page reads the same codes for colours, icons and what may be done.
 */
import { z } from 'zod';
import { parsePercentInput } from './margin';
import { MESSAGES } from './messages';
import { PRICE_SCALE, parseMoneyInput } from './money';
import { type PriceChange, UpdateType } from './price-change';
import type { RoundType } from './rounding';

export const PricingEventStatus = {
  Pending: 1,
  Ready: 2,
  Distributed: 3,
  Error: 4,
} as const;
export type PricingEventStatus = (typeof PricingEventStatus)[keyof typeof PricingEventStatus];

/**
 * The allowed moves: pending becomes ready when its time passes; a ready event is merged
 * (distributed) or fails (error). Distributed and error are final (an undo is a new event).
 */
export const EVENT_TRANSITIONS: Readonly<Record<PricingEventStatus, readonly PricingEventStatus[]>> = {
  [PricingEventStatus.Pending]: [PricingEventStatus.Ready],
  [PricingEventStatus.Ready]: [PricingEventStatus.Distributed, PricingEventStatus.Error],
  [PricingEventStatus.Distributed]: [],
  [PricingEventStatus.Error]: [],
};

export function canMoveEvent(from: number, to: number): boolean {
  return (EVENT_TRANSITIONS[from as PricingEventStatus] ?? []).includes(to as PricingEventStatus);
}

/** The status as the calendar shows it: any code it does not know shows as error. */
export function shownEventStatus(code: number): PricingEventStatus {
  return code === 1 || code === 2 || code === 3 ? code : PricingEventStatus.Error;
}

/** Only a pending event's name, date and items can change (edit, drag, set prices, delete). */
export const isEventEditable = (code: number): boolean => code === PricingEventStatus.Pending;

/** A default event lasts one minute (its slot: 12:00, 12:01 ... of its day). */
export const EVENT_SLOT_MS = 60_000;

/** The calendar's set prices form: an update type (0 no change, 1 add percent, 2 add amount, 3 set amount), its amount and a rounding. */
export interface EventPricesForm {
  UpdateType: number;
  ChangeAmount: string;
  RoundType: number;
}

/**
 * The set prices form's schema: an amount is required unless the type is no change (0)
 * ('Please enter an amount.'); percent or money as the type says. Yields the change and rounding.
 */
export const EventPricesSchema = z
  .object({
    UpdateType: z.number().int().min(0).max(3),
    ChangeAmount: z.string(),
    RoundType: z.number().int().min(0).max(3),
  })
  .transform((f, ctx): { change: PriceChange; roundType: RoundType } => {
    const round = f.RoundType as RoundType;
    if (f.UpdateType === UpdateType.NoChange) {
      return { change: { type: UpdateType.NoChange, amount: 0n }, roundType: round };
    }
    const text = f.ChangeAmount.trim();
    const parsed =
      f.UpdateType === UpdateType.AddPercent ? parsePercentInput(text) : parseMoneyInput(text, PRICE_SCALE);
    if (!parsed.ok || parsed.value === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['ChangeAmount'],
        message: MESSAGES[parsed.ok ? 'AMT_IS_REQD' : parsed.code],
      });
      return z.NEVER;
    }
    return { change: { type: f.UpdateType as UpdateType, amount: parsed.value }, roundType: round };
  });
