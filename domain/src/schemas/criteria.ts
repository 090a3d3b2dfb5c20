/**
 * Search criteria of Item Adjustment (spec part 1 §2.3, §5 "Criteria form")
 * and the Current Prices Report (part 2 §2, §5). Each criterion has an Apply
 * flag that turns on when a value is typed and off when it is emptied; a range
 * counts as applied if either end is set.
 */
import { z } from 'zod';
import { parseDeptSubNum } from '../department';
import { normalizeItemId, normalizePackSize, normalizeUpcPackSize } from '../item-code';
import { parsePercentInput } from '../margin';
import { MESSAGES, type MessageCode } from '../messages';
import { type ParseResult, PRICE_SCALE, parseMoneyInput } from '../money';

export interface Criterion {
  apply: string;
  fields: readonly string[];
}

const common: Criterion[] = [
  { apply: 'ApplyVendor', fields: ['VendorText'] },
  { apply: 'ApplyInventoryID', fields: ['InventoryID'] },
  { apply: 'ApplyPackSize', fields: ['PackSize'] },
  { apply: 'ApplyUPC', fields: ['UPC'] },
  { apply: 'ApplyUPCPackSize', fields: ['UPCPackSize'] },
  { apply: 'ApplyMarginRange', fields: ['MarginBeginRange', 'MarginEndRange'] },
  { apply: 'ApplyItemDescription', fields: ['ItemDesc'] },
  { apply: 'ApplyItemGroup', fields: ['ItemGroupValue'] },
  { apply: 'ApplyTaxGroup', fields: ['TaxGroupValue'] },
  { apply: 'ApplyRedemption', fields: ['RedemptionValue'] },
];

export const ITEM_ADJUST_CRITERIA: readonly Criterion[] = [
  ...common,
  { apply: 'ApplyDepartmentRange', fields: ['DeptBeginRange', 'DeptEndRange'] },
  { apply: 'ApplyUnitList', fields: ['UnitListBeginRange', 'UnitListEndRange'] },
];

/** The spec's entity (part 2 §3 "Current prices criteria"): DeptBeginDeptSub/DeptEndDeptSub, one UnitList, plus CRV. */
export const CURRENT_PRICES_CRITERIA: readonly Criterion[] = [
  ...common,
  { apply: 'ApplyDepartmentRange', fields: ['DeptBeginDeptSub', 'DeptEndDeptSub'] },
  { apply: 'ApplyUnitList', fields: ['UnitList'] },
  { apply: 'ApplyCrv', fields: ['CrvValue'] },
];

export type CriteriaForm = Record<string, string | number | boolean | null | undefined>;

const text = (v: unknown) => (v == null || typeof v === 'boolean' ? '' : String(v).trim());
const filled = (form: CriteriaForm, field: string) => text(form[field]) !== '';

/** Sets a criterion value and its Apply flag: on when any of its fields has a value, off when all are empty. */
export function setCriterionValue(
  form: CriteriaForm,
  field: string,
  value: string | number | null,
  criteria: readonly Criterion[] = ITEM_ADJUST_CRITERIA,
): CriteriaForm {
  const next: CriteriaForm = { ...form, [field]: value };
  const c = criteria.find((x) => x.fields.includes(field));
  if (c) next[c.apply] = c.fields.some((f) => filled(next, f));
  return next;
}

/**
 * A criterion applies when its flag is on and one of its fields has a value. For
 * the Current Prices Report an ID or UPC typed with '/' counts only when it
 * expands to at least 11 characters.
 */
export function isCriterionApplied(form: CriteriaForm, c: Criterion, slashNeedsLength = false): boolean {
  if (form[c.apply] !== true) return false;
  return c.fields.some((f) => {
    const t = text(form[f]);
    if (t === '') return false;
    if (slashNeedsLength && (f === 'InventoryID' || f === 'UPC') && t.includes('/')) {
      return normalizeItemId(t).length >= 11;
    }
    return true;
  });
}

export interface Range<T> {
  begin: T | null;
  end: T | null;
}

/** The criteria the search applies; a criterion not applied is null. */
export interface SearchCriteria {
  vendor: string | null;
  inventoryId: string | null;
  packSize: number | null;
  upc: string | null;
  upcPackSize: number | null;
  margin: Range<bigint> | null;
  itemDesc: string | null;
  unitList: Range<bigint> | null;
  dept: Range<number> | null;
  itemGroup: string | null;
  taxGroup: string | null;
  redemption: string | null;
  crv: string | null;
}

type Ctx = z.RefinementCtx;

function read<T>(
  ctx: Ctx,
  form: CriteriaForm,
  field: string,
  parse: (t: string) => ParseResult<T | null>,
): T | null {
  const t = text(form[field]);
  if (t === '') return null;
  const r = parse(t);
  if (r.ok) return r.value;
  ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES[r.code] });
  return null;
}

function range<T extends number | bigint>(
  ctx: Ctx,
  form: CriteriaForm,
  fields: readonly string[],
  parse: (t: string, end: boolean) => ParseResult<T | null>,
): Range<T> {
  const begin = read(ctx, form, fields[0], (t) => parse(t, false));
  const end = read(ctx, form, fields[1], (t) => parse(t, true));
  if (begin !== null && end !== null && begin > end) {
    ctx.addIssue({ code: 'custom', path: [fields[1]], message: MESSAGES.RANGE_REVERSED });
  }
  return { begin, end };
}

const invalid = (code: MessageCode) => ({ ok: false as const, code });
const deptParse = (t: string, end: boolean): ParseResult<number | null> => {
  const n = parseDeptSubNum(t.split(/\s/)[0], end ? 'end' : 'begin');
  return n === null || n > 999_999 ? invalid('INVALID_DEPT') : { ok: true, value: n };
};
const moneyParse = (t: string): ParseResult<bigint | null> => parseMoneyInput(t, PRICE_SCALE);

function build(form: CriteriaForm, ctx: Ctx, kind: 'itemAdjust' | 'currentPrices'): SearchCriteria {
  const criteria = kind === 'itemAdjust' ? ITEM_ADJUST_CRITERIA : CURRENT_PRICES_CRITERIA;
  const on = (apply: string) => {
    const c = criteria.find((x) => x.apply === apply);
    return c !== undefined && isCriterionApplied(form, c, kind === 'currentPrices');
  };
  const str = (apply: string, field: string) => (on(apply) ? text(form[field]) : null);
  const unitList =
    kind === 'itemAdjust' ? ['UnitListBeginRange', 'UnitListEndRange'] : ['UnitList', 'UnitList'];
  const deptFields = criteria.find((c) => c.apply === 'ApplyDepartmentRange')?.fields ?? [];
  return {
    vendor: str('ApplyVendor', 'VendorText'),
    inventoryId: on('ApplyInventoryID') ? normalizeItemId(text(form.InventoryID)) : null,
    packSize: on('ApplyPackSize') ? read(ctx, form, 'PackSize', normalizePackSize) : null,
    upc: on('ApplyUPC') ? normalizeItemId(text(form.UPC)) : null,
    upcPackSize: on('ApplyUPCPackSize') ? read(ctx, form, 'UPCPackSize', normalizeUpcPackSize) : null,
    margin: on('ApplyMarginRange')
      ? range(ctx, form, ['MarginBeginRange', 'MarginEndRange'], parsePercentInput)
      : null,
    itemDesc: str('ApplyItemDescription', 'ItemDesc'),
    unitList: on('ApplyUnitList') ? range(ctx, form, unitList, moneyParse) : null,
    dept: on('ApplyDepartmentRange') ? range(ctx, form, deptFields, deptParse) : null,
    itemGroup: on('ApplyItemGroup') ? text(form.ItemGroupValue).toUpperCase() : null,
    taxGroup: str('ApplyTaxGroup', 'TaxGroupValue'),
    redemption: str('ApplyRedemption', 'RedemptionValue'),
    crv: str('ApplyCrv', 'CrvValue'),
  };
}

const formShape = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.undefined()]),
);

function makeCriteriaSchema(kind: 'itemAdjust' | 'currentPrices') {
  return formShape.transform((form, ctx): SearchCriteria => {
    const out = build(form, ctx, kind);
    if (Object.values(out).every((v) => v === null)) {
      ctx.addIssue({ code: 'custom', path: [], message: MESSAGES.NO_CRITERIA_APPLIED });
    }
    return out;
  });
}

/** Item Adjustment criteria: validates the applied values and yields SearchCriteria. */
export const itemAdjustCriteriaSchema = makeCriteriaSchema('itemAdjust');
/** Current Prices Report criteria. */
export const currentPricesCriteriaSchema = makeCriteriaSchema('currentPrices');

/** Item Adjustment: Apply Criteria is enabled only when the form is not pristine and a valid criterion applies. */
export function canSubmitItemAdjustCriteria(form: CriteriaForm, pristine: boolean): boolean {
  return !pristine && itemAdjustCriteriaSchema.safeParse(form).success;
}

/** Current Prices Report: enabled when at least one criterion is filled (and valid). */
export function canSubmitCurrentPricesCriteria(form: CriteriaForm): boolean {
  return currentPricesCriteriaSchema.safeParse(form).success;
}
