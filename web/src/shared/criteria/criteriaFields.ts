/**
 * The criteria panel's rows, one list per screen (Item Adjustment: spec part 1 §2.3; Current Prices
 * Report: part 2 "Current Prices Report"), each with the domain's field names and its screen's rules.
 */
import {
  type CriteriaForm,
  canSubmitCurrentPricesCriteria,
  canSubmitItemAdjustCriteria,
  currentPricesCriteriaSchema,
  itemAdjustCriteriaSchema,
} from '@cpb/domain';
import type { z } from 'zod';

export type FieldKind = 'text' | 'vendor' | 'dept' | 'itemGroup' | 'taxGroup' | 'redemption';

export type TypeaheadLimits = Record<Exclude<FieldKind, 'text'>, number>;

export interface CriterionRow {
  /** Label key under itemAdjust.criteria. */
  key:
    | 'vendor'
    | 'itemId'
    | 'packSize'
    | 'upc'
    | 'upcPackSize'
    | 'margin'
    | 'description'
    | 'unitList'
    | 'department'
    | 'itemGroup'
    | 'taxGroup'
    | 'redemption'
    | 'crv';
  apply: string;
  /** One field, or a from/to pair. */
  fields: readonly string[];
  kind: FieldKind;
}

export const ITEM_ADJUST_ROWS: readonly CriterionRow[] = [
  { key: 'vendor', apply: 'ApplyVendor', fields: ['VendorText'], kind: 'vendor' },
  { key: 'itemId', apply: 'ApplyInventoryID', fields: ['InventoryID'], kind: 'text' },
  { key: 'packSize', apply: 'ApplyPackSize', fields: ['PackSize'], kind: 'text' },
  { key: 'upc', apply: 'ApplyUPC', fields: ['UPC'], kind: 'text' },
  { key: 'upcPackSize', apply: 'ApplyUPCPackSize', fields: ['UPCPackSize'], kind: 'text' },
  { key: 'margin', apply: 'ApplyMarginRange', fields: ['MarginBeginRange', 'MarginEndRange'], kind: 'text' },
  { key: 'description', apply: 'ApplyItemDescription', fields: ['ItemDesc'], kind: 'text' },
  {
    key: 'unitList',
    apply: 'ApplyUnitList',
    fields: ['UnitListBeginRange', 'UnitListEndRange'],
    kind: 'text',
  },
  {
    key: 'department',
    apply: 'ApplyDepartmentRange',
    fields: ['DeptBeginRange', 'DeptEndRange'],
    kind: 'dept',
  },
  { key: 'itemGroup', apply: 'ApplyItemGroup', fields: ['ItemGroupValue'], kind: 'itemGroup' },
  { key: 'taxGroup', apply: 'ApplyTaxGroup', fields: ['TaxGroupValue'], kind: 'taxGroup' },
  { key: 'redemption', apply: 'ApplyRedemption', fields: ['RedemptionValue'], kind: 'redemption' },
];

/** Typeahead limits of spec part 1 §9: vendor and item group 20, redemption 20, department 12, tax group 50. */
export const TYPEAHEAD_LIMIT: TypeaheadLimits = {
  vendor: 20,
  dept: 12,
  itemGroup: 20,
  taxGroup: 50,
  redemption: 20,
};

/** The department typeahead suggests from the second character on. */
export const DEPT_MIN_CHARS = 2;

/** The Current Prices Report's rows: the spec's entity (DeptBeginDeptSub/DeptEndDeptSub, one UnitList, CRV). */
export const CURRENT_PRICES_ROWS: readonly CriterionRow[] = [
  {
    key: 'department',
    apply: 'ApplyDepartmentRange',
    fields: ['DeptBeginDeptSub', 'DeptEndDeptSub'],
    kind: 'dept',
  },
  ...ITEM_ADJUST_ROWS.filter((r) => !['department', 'unitList'].includes(r.key)),
  { key: 'unitList', apply: 'ApplyUnitList', fields: ['UnitList'], kind: 'text' },
  { key: 'crv', apply: 'ApplyCrv', fields: ['CrvValue'], kind: 'redemption' },
];

/** Typeahead limits of the Current Prices Report: vendor, item group and redemption 20, the others 50. */
export const CURRENT_PRICES_LIMITS: TypeaheadLimits = {
  vendor: 20,
  dept: 50,
  itemGroup: 20,
  taxGroup: 50,
  redemption: 20,
};

/** What a screen's criteria panel shows and how it decides that Apply Criteria may run. */
export interface CriteriaConfig {
  rows: readonly CriterionRow[];
  schema: z.ZodType<unknown, CriteriaForm>;
  canSubmit: (form: CriteriaForm, pristine: boolean) => boolean;
  limits: TypeaheadLimits;
}

export const ITEM_ADJUST_PANEL: CriteriaConfig = {
  rows: ITEM_ADJUST_ROWS,
  schema: itemAdjustCriteriaSchema,
  canSubmit: canSubmitItemAdjustCriteria,
  limits: TYPEAHEAD_LIMIT,
};

/** Apply Criteria once a criterion is filled (and valid); an ID or UPC with '/' counts from 11 digits. */
export const CURRENT_PRICES_PANEL: CriteriaConfig = {
  rows: CURRENT_PRICES_ROWS,
  schema: currentPricesCriteriaSchema,
  canSubmit: (form) => canSubmitCurrentPricesCriteria(form),
  limits: CURRENT_PRICES_LIMITS,
};
