/**
 * Add Item and Edit Item (spec part 1 §2.5, §2.6, §5 "Item identity", "Cost,
 * list and margin"). Required on Add Item: ID/PLU, Pack Size, UPC, UPC Pack
 * Size, Description, Department; Unit List is required in the cost panel.
 */
import { z } from 'zod';
import {
  type DepartmentEntry,
  fromDeptSubNum,
  isDeptAllowedForType,
  resolveTypedDepartment,
} from '../department';
import { normalizePackSize, normalizeUpcPackSize, parseItemId, parseUpc } from '../item-code';
import { MESSAGES } from '../messages';
import { COST_SCALE, MAX_COST_MINOR, MAX_PRICE_CENTS, PRICE_SCALE } from '../money';
import { optionalCount, optionalMoney, optionalText, parsed, requiredMoney, requiredText } from './common';

export const DESCRIPTION_MAX = 35;
export const ITEM_GROUP_ID_MAX = 28;

const desc35 = { length: DESCRIPTION_MAX, code: 'DESC_MAX_35' } as const;

/** An item group ID: at most 28 characters ('28 char. max'), upper-cased. */
export const itemGroupId = requiredText('REQUIRED', {
  length: ITEM_GROUP_ID_MAX,
  code: 'ITEM_GROUP_MAX_28',
}).transform((s) => s.toUpperCase());

export const invTypeSchema = z.enum(['I', 'S', 'X'], { error: MESSAGES.REQUIRED });

export interface ItemSchemaOptions {
  /** 'add' requires the UPC; 'edit' does not. */
  mode: 'add' | 'edit';
  /** The zone's departments; when given, a type X item must be in an EX department. */
  departments?: readonly DepartmentEntry[];
}

/**
 * The Add Item / Edit Item form and save request. Yields normalised values:
 * upper-cased ID with UPC-E expanded, pack sizes defaulted to 1, DeptSubNum,
 * UnitList in cents and UnitCost in ten-thousandths.
 */
export function makeItemSchema({ mode, departments = [] }: ItemSchemaOptions) {
  return z
    .object({
      ID: parsed(parseItemId),
      PackSize: parsed(normalizePackSize),
      UpcCode:
        mode === 'add' ? parsed(parseUpc) : parsed((t) => (t === '' ? { ok: true, value: '' } : parseUpc(t))),
      UpcPackSize: parsed(normalizeUpcPackSize),
      InvType: invTypeSchema,
      Description: requiredText('REQUIRED_35_MAX', desc35),
      ReceiptDescription: optionalText(desc35),
      DeptSub: parsed((t) => {
        if (t === '') return { ok: false, code: 'REQUIRED' };
        const r = resolveTypedDepartment(t, departments);
        return r.ok ? { ok: true, value: r.value.num } : r;
      }),
      UnitList: requiredMoney(PRICE_SCALE, 'REQUIRED', { min: 0n, max: MAX_PRICE_CENTS }),
      UnitCost: optionalMoney(COST_SCALE, {
        min: 0n,
        max: MAX_COST_MINOR,
        maxCode: 'COST_OUT_OF_RANGE',
      }).transform((v) => v ?? 0n),
      SendToPos: z.boolean().default(true),
      Active: z.boolean().default(true),
      MinOnHand: optionalCount,
      MaxOnHand: optionalCount,
      MinPurchaseQty: optionalCount,
      ItemGroups: z.array(itemGroupId).nullish(),
    })
    .superRefine((item, ctx) => {
      if (item.InvType === 'X') {
        const dept = departments.find((d) => d.DeptSubNum === item.DeptSub);
        if (dept && !isDeptAllowedForType(dept, 'X')) {
          ctx.addIssue({ code: 'custom', path: ['DeptSub'], message: MESSAGES.EXPENSE_DEPT_ONLY });
        }
      }
      if (item.MinOnHand !== null && item.MaxOnHand !== null && item.MaxOnHand < item.MinOnHand) {
        ctx.addIssue({ code: 'custom', path: ['MaxOnHand'], message: MESSAGES.MAX_BELOW_MIN });
      }
    })
    .transform((item) => ({ ...item, DeptSub: fromDeptSubNum(item.DeptSub), DeptSubNum: item.DeptSub }));
}

export type ItemFormInput = z.input<ReturnType<typeof makeItemSchema>>;
export type ItemFormOutput = z.output<ReturnType<typeof makeItemSchema>>;

/**
 * Item price submit (a list price saved without cost or department): 'Please
 * correct the required field(s).' when either is missing, else null.
 */
export function itemPriceSubmitError(item: { UnitCost?: unknown; DeptSub?: unknown }): string | null {
  const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');
  return blank(item.UnitCost) || blank(item.DeptSub) ? MESSAGES.CORRECT_REQUIRED_FIELDS : null;
}
