/** The editable fields of a site row: their columns and SQL types, and the history snapshot. */
import { sql } from 'drizzle-orm';

export const FIELDS = {
  description: { col: 'description', type: 'text' },
  receiptDescription: { col: 'receipt_description', type: 'text' },
  invType: { col: 'inv_type', type: 'text' },
  dept: { col: 'dept', type: 'int' },
  sub: { col: 'sub', type: 'int' },
  unitList: { col: 'unit_list', type: 'numeric' },
  unitCost: { col: 'unit_cost', type: 'numeric' },
  taxGroupId: { col: 'tax_group_id', type: 'int' },
  redemptionId: { col: 'redemption_id', type: 'int' },
  active: { col: 'active', type: 'boolean' },
  minOnHand: { col: 'min_on_hand', type: 'int' },
  maxOnHand: { col: 'max_on_hand', type: 'int' },
  minPurchaseQty: { col: 'min_purchase_qty', type: 'int' },
  vendorId: { col: 'vendor_id', type: 'text' },
  sendToPos: { col: 'send_to_pos', type: 'boolean' },
} as const;

export type FieldName = keyof typeof FIELDS;
export type FieldValue = string | number | boolean | null;

/** Every value column of a site row, in the order base_items and site_exceptions declare them. */
export const VALUE_COLUMNS = [
  'description',
  'receipt_description',
  'inv_type',
  'dept',
  'sub',
  'unit_list',
  'unit_cost',
  'tax_group_id',
  'redemption_id',
  'active',
  'min_on_hand',
  'max_on_hand',
  'min_purchase_qty',
  'vendor_id',
  'send_to_pos',
] as const;

/** `a.description, a.receipt_description, ...` for a table alias. */
export const valueColumns = (alias: string) => VALUE_COLUMNS.map((c) => `${alias}.${c}`).join(', ');

/** The values after a change, as the history keeps them (spec field names); `deleted` is an SQL expression. */
export const historyValues = (deleted = 'deleted') =>
  sql.raw(`jsonb_build_object(
  'Description', description, 'ReceiptDescription', receipt_description, 'InvType', inv_type,
  'DeptSub', dept || '.' || lpad(sub::text, 2, '0'), 'UnitList', unit_list::text, 'UnitCost', unit_cost::text,
  'TaxGroupId', tax_group_id, 'CrvID', redemption_id, 'Active', active, 'MinOnHand', min_on_hand,
  'MaxOnHand', max_on_hand, 'MinPurchaseQty', min_purchase_qty, 'VendorId', vendor_id, 'SendToPos', send_to_pos,
  'Deleted', ${deleted})`);
export const HISTORY_VALUES = historyValues();
