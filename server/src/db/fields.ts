/**
 * The one list of the editable fields of a site row. Each field names its column, SQL type and
 * column builder (base_items, site_exceptions, the site_items view and zone_items declare their
 * value columns from here), its key in the history (item_changes.values_after, spec names) and how
 * the zone summary (zone_items) aggregates it, and (from the domain's ITEM_FIELDS) its change bit and
 * its API names per screen. The write path, the history, the summary, the queries and the
 * presenters generate their column lists and names from it: adding a field is one entry here and
 * one in ITEM_FIELDS.
 */
import { ITEM_FIELDS, type ItemField, type ItemFieldNames } from '@cpb/domain';
import type { ColumnBuilderBase, HasDefault } from 'drizzle-orm';
import { boolean, char, integer, text, varchar } from 'drizzle-orm/pg-core';
import { cost, list } from './schema/columns';

/** The element type of the arrays a write unnests (db/arrays.ts pgArray). */
export type SqlType = 'text' | 'int' | 'numeric' | 'boolean';

/**
 * The zone summary flag a field's uniformity counts towards: one of the four kept flags (each
 * also counts towards is_uniform), only is_uniform, or none (the summary keeps its common value
 * but no flag tells whether the sites agree on it).
 */
export type UniformFlag =
  | 'is_desc_uniform'
  | 'is_price_uniform'
  | 'is_cost_uniform'
  | 'is_dept_sub_uniform'
  | 'is_uniform'
  | null;

/** The four flags zone_items keeps besides is_uniform. */
export const KEPT_FLAGS = [
  'is_price_uniform',
  'is_cost_uniform',
  'is_dept_sub_uniform',
  'is_desc_uniform',
] as const satisfies readonly UniformFlag[];
export type KeptFlag = (typeof KEPT_FLAGS)[number];

/**
 * A field of the registry. Its change bit and API names per screen (`change`, `api`: Item
 * Adjustment's and Outside Updates' names) are the domain's ITEM_FIELDS entry, spread in, since
 * the page names fields too; the history's name is `history.key`.
 */
export interface FieldDef extends ItemFieldNames {
  /** Whether the store's POS item file (NAXML) carries the field. */
  pos: boolean;
  /** Whether an outside update root (outside_updates) keeps an incoming value of it (same column). */
  ou: boolean;
  /**
   * Whether an Outside Updates edit may set the root's value (kept in the root's `incoming` before
   * the first edit, put back by a restore). Only fields the root keeps (`ou`).
   */
  ouEdit: boolean;
  /** Column name in base_items, site_exceptions, site_items and zone_items. */
  col: string;
  type: SqlType;
  /** The column's builder, nullability included; the site rows add `default`, zone_items not. */
  column: (name: string) => unknown;
  /** Default of the site rows' column. */
  default?: string | boolean;
  /**
   * Key in the history's values_after and the SQL of its value over a site row (default: the
   * column). A field whose value is part of another field's key names it in `in` instead.
   */
  history: { key: string; expr?: string } | { key: string; in: string };
  /**
   * How zone_items summarises the field over the zone's sites, or null when zone_items does not
   * keep it. `part`: the aggregate's name (default the column); fields sharing a part (dept and
   * sub: dept_sub) are aggregated as one value, whose SQL over a site row `si` one of them gives
   * in `expr` (default `si.<col>`). `value`: the column's value from the summary row `g` (default
   * `g.<part>`). `uniform`: the flag the field counts towards.
   */
  summary: { part?: string; expr?: string; value?: string; uniform: UniformFlag } | null;
}

export const FIELDS = {
  description: {
    ...ITEM_FIELDS.description,
    pos: true,
    ou: true,
    ouEdit: true,
    col: 'description',
    type: 'text',
    column: (c: string) => varchar(c, { length: 35 }).notNull(),
    history: { key: 'Description' },
    summary: { uniform: 'is_desc_uniform' },
  },
  receiptDescription: {
    ...ITEM_FIELDS.receiptDescription,
    pos: true,
    ou: true,
    ouEdit: true,
    col: 'receipt_description',
    type: 'text',
    column: (c: string) => varchar(c, { length: 35 }),
    history: { key: 'ReceiptDescription' },
    summary: { uniform: 'is_uniform' },
  },
  invType: {
    ...ITEM_FIELDS.invType,
    pos: true,
    ou: true,
    ouEdit: false,
    col: 'inv_type',
    type: 'text',
    column: (c: string) => char(c, { length: 1 }).notNull(),
    default: 'I',
    history: { key: 'InvType' },
    summary: { uniform: 'is_uniform' },
  },
  dept: {
    ...ITEM_FIELDS.dept,
    pos: true,
    ou: true,
    ouEdit: true,
    col: 'dept',
    type: 'int',
    column: (c: string) => integer(c).notNull(),
    history: { key: 'DeptSub', expr: `dept || '.' || lpad(sub::text, 2, '0')` },
    summary: {
      part: 'dept_sub',
      expr: 'si.dept * 100 + si.sub',
      value: 'g.dept_sub / 100',
      uniform: 'is_dept_sub_uniform',
    },
  },
  sub: {
    ...ITEM_FIELDS.sub,
    pos: true,
    ou: true,
    ouEdit: true,
    col: 'sub',
    type: 'int',
    column: (c: string) => integer(c).notNull(),
    history: { key: 'DeptSub', in: 'dept' },
    summary: { part: 'dept_sub', value: 'g.dept_sub % 100', uniform: 'is_dept_sub_uniform' },
  },
  unitList: {
    ...ITEM_FIELDS.unitList,
    pos: true,
    ou: true,
    ouEdit: true,
    col: 'unit_list',
    type: 'numeric',
    column: (c: string) => list(c).notNull(),
    default: '0',
    history: { key: 'UnitList', expr: 'unit_list::text' },
    summary: { uniform: 'is_price_uniform' },
  },
  unitCost: {
    ...ITEM_FIELDS.unitCost,
    pos: false,
    ou: true,
    ouEdit: true,
    col: 'unit_cost',
    type: 'numeric',
    column: (c: string) => cost(c).notNull(),
    default: '0',
    history: { key: 'UnitCost', expr: 'unit_cost::text' },
    summary: { uniform: 'is_cost_uniform' },
  },
  taxGroupId: {
    ...ITEM_FIELDS.taxGroupId,
    pos: true,
    ou: true,
    ouEdit: true,
    col: 'tax_group_id',
    type: 'int',
    column: (c: string) => integer(c),
    history: { key: 'TaxGroupId' },
    summary: { uniform: 'is_uniform' },
  },
  redemptionId: {
    ...ITEM_FIELDS.redemptionId,
    pos: true,
    ou: true,
    ouEdit: true,
    col: 'redemption_id',
    type: 'int',
    column: (c: string) => integer(c),
    history: { key: 'CrvID' },
    summary: { uniform: 'is_uniform' },
  },
  active: {
    ...ITEM_FIELDS.active,
    pos: true,
    ou: true,
    ouEdit: false,
    col: 'active',
    type: 'boolean',
    column: (c: string) => boolean(c).notNull(),
    default: true,
    history: { key: 'Active' },
    summary: { expr: 'si.active::int', value: 'g.active = 1', uniform: 'is_uniform' },
  },
  minOnHand: {
    ...ITEM_FIELDS.minOnHand,
    pos: false,
    ou: true,
    ouEdit: true,
    col: 'min_on_hand',
    type: 'int',
    column: (c: string) => integer(c),
    history: { key: 'MinOnHand' },
    summary: { uniform: null },
  },
  maxOnHand: {
    ...ITEM_FIELDS.maxOnHand,
    pos: false,
    ou: true,
    ouEdit: true,
    col: 'max_on_hand',
    type: 'int',
    column: (c: string) => integer(c),
    history: { key: 'MaxOnHand' },
    summary: { uniform: null },
  },
  minPurchaseQty: {
    ...ITEM_FIELDS.minPurchaseQty,
    pos: false,
    ou: true,
    ouEdit: true,
    col: 'min_purchase_qty',
    type: 'int',
    column: (c: string) => integer(c),
    history: { key: 'MinPurchaseQty' },
    summary: { uniform: null },
  },
  vendorId: {
    ...ITEM_FIELDS.vendorId,
    pos: false,
    ou: true,
    ouEdit: false,
    col: 'vendor_id',
    type: 'text',
    column: (c: string) => text(c),
    history: { key: 'VendorId' },
    summary: { uniform: 'is_uniform' },
  },
  sendToPos: {
    ...ITEM_FIELDS.sendToPos,
    pos: false,
    ou: false,
    ouEdit: false,
    col: 'send_to_pos',
    type: 'boolean',
    column: (c: string) => boolean(c).notNull(),
    default: true,
    history: { key: 'SendToPos' },
    summary: { expr: 'si.send_to_pos::int', value: 'g.send_to_pos = 1', uniform: null },
  },
} as const satisfies Record<ItemField, FieldDef>;

export type FieldName = keyof typeof FIELDS;
export type FieldValue = string | number | boolean | null;
export type Field = (typeof FIELDS)[FieldName];

/** Every field, in the order the tables declare their columns. */
export const FIELD_NAMES = Object.keys(FIELDS) as FieldName[];

/** The fields zone_items keeps. */
export const ZONE_FIELDS = FIELD_NAMES.filter((f) => FIELDS[f].summary !== null);

type Built<F extends FieldName> = ReturnType<(typeof FIELDS)[F]['column']>;
type SiteColumn<F extends FieldName> = (typeof FIELDS)[F] extends { default: unknown }
  ? Built<F> extends ColumnBuilderBase
    ? HasDefault<Built<F>>
    : never
  : Built<F>;

/** The value columns of a site row: base_items, site_exceptions and the site_items view. */
export function siteValues(): { [F in FieldName]: SiteColumn<F> } {
  return Object.fromEntries(
    FIELD_NAMES.map((f) => {
      const d: FieldDef = FIELDS[f];
      const b = d.column(d.col) as { default: (v: unknown) => unknown };
      return [f, d.default === undefined ? b : b.default(d.default)];
    }),
  ) as { [F in FieldName]: SiteColumn<F> };
}

type ZoneField = { [F in FieldName]: (typeof FIELDS)[F]['summary'] extends null ? never : F }[FieldName];

/** The value columns zone_items keeps (no defaults: every refresh writes them all). */
export function zoneValues(): { [F in ZoneField]: Built<F> } {
  return Object.fromEntries(ZONE_FIELDS.map((f) => [f, FIELDS[f].column(FIELDS[f].col)])) as {
    [F in ZoneField]: Built<F>;
  };
}

/** The fields an outside update root keeps (its value columns, named as in the site rows). */
export const OU_FIELDS = FIELD_NAMES.filter((f): f is OuField => FIELDS[f].ou);
export type OuField = { [F in FieldName]: (typeof FIELDS)[F]['ou'] extends true ? F : never }[FieldName];

/** The fields an Outside Updates edit may set on a root (kept in `incoming` before the first edit). */
export const OU_EDIT_FIELDS = FIELD_NAMES.filter((f) => FIELDS[f].ouEdit);
export type OuEditField = {
  [F in FieldName]: (typeof FIELDS)[F]['ouEdit'] extends true ? F : never;
}[FieldName];

/** A column's value as the driver gives it when read as text for numerics (`::text`). */
export type SqlValue<T extends SqlType> = T extends 'int' ? number : T extends 'boolean' ? boolean : string;

/** A row of these fields' columns, by column name (values nullable), as a read gives it. */
export type ColumnsOf<F extends FieldName, P extends string = ''> = {
  [K in F as `${P}${(typeof FIELDS)[K]['col']}`]: SqlValue<(typeof FIELDS)[K]['type']> | null;
};
