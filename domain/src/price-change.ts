/**
 * Set Price: add amount, set amount, add percentage, then a last-digit rule
 * (RULES.md). The same function computes the dialog's preview and what the
 * server saves.
 */

import { parsePercentInput } from './margin';
import { divRound, type ParseResult, PRICE_SCALE, parseMoneyInput } from './money';
import { type RoundType, roundPrice } from './rounding';

/** Price update types as the spec numbers them (request field `UpdateType`). */
export const UpdateType = {
  NoChange: 0,
  AddPercent: 1,
  AddAmount: 2,
  SetAmount: 3,
} as const;
export type UpdateType = (typeof UpdateType)[keyof typeof UpdateType];

/**
 * A price change. `amount` is cents for AddAmount and SetAmount, thousandths of
 * a percent for AddPercent (12.5% = 12500n), and ignored for NoChange.
 */
export interface PriceChange {
  type: UpdateType;
  amount: bigint;
}

/** The Set Price form's price options; the batch form says 'percentage' for addPercent. */
export type PriceOpt = 'addAmount' | 'setAmount' | 'addPercent' | 'percentage';

const PRICE_OPT_TYPES: Record<PriceOpt, UpdateType> = {
  addAmount: UpdateType.AddAmount,
  setAmount: UpdateType.SetAmount,
  addPercent: UpdateType.AddPercent,
  percentage: UpdateType.AddPercent,
};

/** The UpdateType of a price option name, or null for an unknown name. */
export function priceOptToUpdateType(opt: string): UpdateType | null {
  return Object.hasOwn(PRICE_OPT_TYPES, opt) ? PRICE_OPT_TYPES[opt as PriceOpt] : null;
}

/** Promotion date types: the calendar price call sends 2 (set effective date). */
export const PromotionDateType = {
  NoChange: 0,
  SetEffectiveExpirationDate: 1,
  SetEffectiveDate: 2,
} as const;
export type PromotionDateType = (typeof PromotionDateType)[keyof typeof PromotionDateType];

/**
 * The new price in cents. NoChange returns the old price untouched (no rounding
 * either). Otherwise: AddAmount old + amount; SetAmount amount; AddPercent
 * old x (1 + p/100) rounded to the cent half away from zero. The result then
 * goes through the last-digit rule. 50% on 1.50 gives 2.25.
 */
export function applyPriceChange(oldCents: bigint, change: PriceChange, rule: RoundType): bigint {
  let next: bigint;
  switch (change.type) {
    case UpdateType.NoChange:
      return oldCents;
    case UpdateType.AddAmount:
      next = oldCents + change.amount;
      break;
    case UpdateType.SetAmount:
      next = change.amount;
      break;
    case UpdateType.AddPercent:
      next = divRound(oldCents * (100_000n + change.amount), 100_000n);
      break;
    default:
      throw new RangeError(`Unknown UpdateType ${String((change as PriceChange).type)}`);
  }
  return roundPrice(next, rule);
}

/**
 * Reads the amount typed for a price option: money for add/set amount ('$1.50',
 * '-0.25'), a percent for addPercent/percentage ('12.5', '12.5%'). Blank gives
 * AMT_IS_REQD ('Please enter an amount.'); garbage INVALID_AMOUNT / INVALID_NUMBER.
 */
export function parsePriceChange(opt: string, text: string | null | undefined): ParseResult<PriceChange> {
  const type = priceOptToUpdateType(opt);
  if (type === null) return { ok: false, code: 'AMT_IS_REQD' };
  const parsed =
    type === UpdateType.AddPercent ? parsePercentInput(text ?? '') : parseMoneyInput(text ?? '', PRICE_SCALE);
  if (!parsed.ok) return parsed;
  if (parsed.value === null) return { ok: false, code: 'AMT_IS_REQD' };
  return { ok: true, value: { type, amount: parsed.value } };
}
