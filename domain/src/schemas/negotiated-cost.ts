/**
 * Set Negotiated Cost and its clone dialog (spec part 1 §5; part 2 §2, §5
 * "Negotiated cost"). Label, amount, vendor and effective date are required
 * ('Required.'); a bad date is 'Invalid Date.'; cost is held at 4 decimals.
 */
import { z } from 'zod';
import { addMonths } from '../dates';
import { MESSAGES } from '../messages';
import { COST_SCALE, MAX_COST_MINOR } from '../money';
import { looseText, optionalDate, requiredDate, requiredMoney, requiredText } from './common';

/** The ID placeholder that cannot be added to a negotiated cost. */
export const CHANGE_ME_ID = 'CHANGE ME';

export const negotiatedCostSchema = z
  .object({
    Template: looseText.optional(),
    NegCostLabel: requiredText(),
    ChangeAmount: requiredMoney(COST_SCALE, 'REQUIRED', {
      min: 0n,
      max: MAX_COST_MINOR,
      maxCode: 'COST_OUT_OF_RANGE',
    }),
    VendorText: requiredText(),
    EffectiveDateTime: requiredDate,
    /** Blank: one month after today (the server's default, as in the clone dialog). */
    ExpirationDateTime: optionalDate,
  })
  .superRefine((f, ctx) => {
    if (f.ExpirationDateTime !== null && f.ExpirationDateTime < f.EffectiveDateTime) {
      ctx.addIssue({
        code: 'custom',
        path: ['ExpirationDateTime'],
        message: MESSAGES.EXPIRATION_BEFORE_EFFECTIVE,
      });
    }
  });

/** The clone dialog: the expiration (end) must be a valid date not before the start. */
export const negotiatedCostCloneSchema = z
  .object({
    NegCost: looseText.optional(),
    Label: requiredText(),
    Cost: requiredMoney(COST_SCALE, 'REQUIRED', {
      min: 0n,
      max: MAX_COST_MINOR,
      maxCode: 'COST_OUT_OF_RANGE',
    }),
    Vendor: requiredText(),
    EffectiveDate: z.object({ start: requiredDate, end: optionalDate }),
  })
  .superRefine((f, ctx) => {
    const { start, end } = f.EffectiveDate;
    if (end !== null && end < start) {
      ctx.addIssue({
        code: 'custom',
        path: ['EffectiveDate', 'end'],
        message: MESSAGES.EXPIRATION_BEFORE_EFFECTIVE,
      });
    }
  });

/** The clone dialog's default expiration: one month after today. */
export function defaultCloneExpiration(today: string): string {
  return addMonths(today, 1);
}

/**
 * Adding an item to a negotiated cost header: a header must be selected, ID and
 * pack size given, the ID not the 'CHANGE ME' placeholder, and the item not
 * already in the header's list. Returns the message to show, or null.
 */
export function negCostAddItemError(input: {
  headerSelected: boolean;
  id: string;
  packSize: number | null;
  existing: readonly { ID: string; PackSize: number }[];
}): string | null {
  if (!input.headerSelected) return MESSAGES.NEG_COST_HEADER_REQUIRED;
  const id = input.id.trim().toUpperCase();
  if (id === '' || input.packSize === null || id === CHANGE_ME_ID) return MESSAGES.REQUIRED;
  if (input.existing.some((i) => i.ID.toUpperCase() === id && i.PackSize === input.packSize)) {
    return MESSAGES.NEG_COST_ITEM_IN_LIST;
  }
  return null;
}
