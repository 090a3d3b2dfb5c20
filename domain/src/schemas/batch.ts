/**
 * The batch dialogs of Item Adjustment (spec part 1 §2.4, §5 "Batch dialogs")
 * other than Set Price (set-price.ts) and Set Negotiated Cost
 * (negotiated-cost.ts). A dialog's OK and Preview are enabled exactly when its
 * schema accepts the form (`canSubmit`).
 */
import { z } from 'zod';
import { keepSubEnabled, NONE_DEPT_SUB_NUM } from '../department';
import { MESSAGES } from '../messages';
import { COST_SCALE, MAX_COST_MINOR } from '../money';
import { optionalCount, requiredChoice, requiredMoney } from './common';
import { itemGroupId } from './item';

/** Batch dialog status tags (spec part 1 §4). */
export const BATCH_TAGS = [
  'set_vendor',
  'set_taxgroup',
  'set_redemptions',
  'set_price',
  'set_negotiated_cost',
  'set_minmax',
  'set_itemgroup',
  'set_inactive',
  'set_department',
] as const;
export type BatchTag = (typeof BATCH_TAGS)[number];

/** Set Cost: UnitCost must be present; it is held (and sent) at 4 decimals. */
export const setCostSchema = z.object({
  UnitCost: requiredMoney(COST_SCALE, 'REQUIRED', {
    min: 0n,
    max: MAX_COST_MINOR,
    maxCode: 'COST_OUT_OF_RANGE',
  }),
});

const choice = z.union([z.string(), z.number(), z.null(), z.undefined()]);
const present = (v: unknown) => v != null && String(v).trim() !== '';

/** Set Redemption: a redemption, or 'no redemption' which clears it (crvId null). */
export const setRedemptionSchema = z
  .object({ redemption: choice, noredemption: z.boolean().default(false) })
  .superRefine((f, ctx) => {
    if (!f.noredemption && !present(f.redemption)) {
      ctx.addIssue({ code: 'custom', path: ['redemption'], message: MESSAGES.REQUIRED });
    }
  })
  .transform((f) => ({ crvId: f.noredemption ? null : String(f.redemption).trim() }));

/** Set Tax Group: a tax group, or 'no tax group' which clears the selection. */
export const setTaxGroupSchema = z
  .object({ TaxGroupIdDisplay: choice, notaxgroup: z.boolean().default(false) })
  .superRefine((f, ctx) => {
    if (!f.notaxgroup && !present(f.TaxGroupIdDisplay)) {
      ctx.addIssue({ code: 'custom', path: ['TaxGroupIdDisplay'], message: MESSAGES.REQUIRED });
    }
  })
  .transform((f) => ({ taxGroupId: f.notaxgroup ? null : String(f.TaxGroupIdDisplay).trim() }));

/**
 * Set Department: a chosen tree node (not 'None'), and "Keep subdepartments?",
 * which only counts when the node is a department (sub 00).
 */
export const setDepartmentSchema = z
  .object({
    DeptSubNum: z
      .number({ error: MESSAGES.REQUIRED })
      .int()
      .refine((n) => n !== NONE_DEPT_SUB_NUM && n > 0, MESSAGES.REQUIRED),
    keepsub: z.boolean().default(false),
  })
  .transform((f) => ({ DeptSubNum: f.DeptSubNum, keepSub: f.keepsub && keepSubEnabled(f.DeptSubNum) }));

export const ItemGroupMode = {
  Add: 'AddToItemGroup',
  Replace: 'ReplaceItemGroup',
  Create: 'CreateItemGroup',
} as const;
export type ItemGroupMode = (typeof ItemGroupMode)[keyof typeof ItemGroupMode];

/** The modes in words, as previews and reports show them. */
export const ITEM_GROUP_MODE_TEXT: Readonly<Record<ItemGroupMode, string>> = {
  AddToItemGroup: 'Add to item group',
  ReplaceItemGroup: 'Replace item group',
  CreateItemGroup: 'Create item group',
};

/** A new group name allows only create; an existing group only add or replace. */
export function itemGroupModes(isNewGroup: boolean): ItemGroupMode[] {
  return isNewGroup ? [ItemGroupMode.Create] : [ItemGroupMode.Add, ItemGroupMode.Replace];
}

/** Set Item Group: group ID (28 max, upper-cased) and a mode its newness allows. */
export const setItemGroupSchema = z
  .object({
    ItemGrp: itemGroupId,
    ItemGroupMode: z.enum(['AddToItemGroup', 'ReplaceItemGroup', 'CreateItemGroup'], {
      error: MESSAGES.CORRECT_ERRORS_BEFORE_SUBMIT,
    }),
    newGrp: z.boolean().default(false),
  })
  .superRefine((f, ctx) => {
    if (!itemGroupModes(f.newGrp).includes(f.ItemGroupMode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ItemGroupMode'],
        message: MESSAGES.ITEM_GROUP_MODE_NOT_ALLOWED,
      });
    }
  });

/** Set Vendor: a vendor must be chosen. */
export const setVendorSchema = z.object({ vendor: requiredChoice });

/** Set Inactive: the flag to set. */
export const setInactiveSchema = z.object({ inactive: z.boolean() });

/** The allowed range across the selected items, shown as hints in Set Min/Max. */
export interface MinMaxHints {
  /** The largest current min on hand: a new max alone must not go below it. */
  highestMin: number | null;
  /** The smallest current max on hand: a new min alone must not go above it. */
  lowestMax: number | null;
}

export function minMaxHints(
  items: readonly { MinOnHand?: number | null; MaxOnHand?: number | null }[],
): MinMaxHints {
  const mins = items.map((i) => i.MinOnHand).filter((v): v is number => v != null);
  const maxes = items.map((i) => i.MaxOnHand).filter((v): v is number => v != null);
  return {
    highestMin: mins.length ? Math.max(...mins) : null,
    lowestMax: maxes.length ? Math.min(...maxes) : null,
  };
}

/**
 * Set Min/Max: whole numbers >= 0; a blank box means no change, but at least
 * one must be filled; max must not be below min, either as typed or, when only
 * one is typed, against the selected items' current values (`hints`).
 */
export function makeSetMinMaxSchema(hints: MinMaxHints = { highestMin: null, lowestMax: null }) {
  return z
    .object({ minOnHand: optionalCount, maxOnHand: optionalCount, minPurchaseQty: optionalCount })
    .superRefine((f, ctx) => {
      const { minOnHand: min, maxOnHand: max } = f;
      if (min === null && max === null && f.minPurchaseQty === null) {
        ctx.addIssue({ code: 'custom', path: ['minOnHand'], message: MESSAGES.NOTHING_TO_CHANGE });
      }
      const effMin = min ?? hints.highestMin;
      const effMax = max ?? hints.lowestMax;
      if ((min !== null || max !== null) && effMin !== null && effMax !== null && effMax < effMin) {
        ctx.addIssue({
          code: 'custom',
          path: [max !== null ? 'maxOnHand' : 'minOnHand'],
          message: MESSAGES.MAX_BELOW_MIN,
        });
      }
    });
}
