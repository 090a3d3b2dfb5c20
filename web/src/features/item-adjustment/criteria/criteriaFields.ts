/** The criteria panel's rows (spec part 1 §2.3): one per criterion, with the domain's field names. */

export type FieldKind = 'text' | 'vendor' | 'dept' | 'itemGroup' | 'taxGroup' | 'redemption';

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
    | 'redemption';
  apply: string;
  /** One field, or a from/to pair. */
  fields: readonly string[];
  kind: FieldKind;
}

export const CRITERIA_ROWS: readonly CriterionRow[] = [
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
export const TYPEAHEAD_LIMIT: Record<Exclude<FieldKind, 'text'>, number> = {
  vendor: 20,
  dept: 12,
  itemGroup: 20,
  taxGroup: 50,
  redemption: 20,
};

/** The department typeahead suggests from the second character on. */
export const DEPT_MIN_CHARS = 2;
