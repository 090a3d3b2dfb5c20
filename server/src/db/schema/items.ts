/** Catalogue facts per (item, pack size): UPC, units of measure, linked items, vendor numbers, groups. */
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { itemGroups, uoms, vendors } from './lookups';

export const items = pgTable(
  'items',
  {
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    upcCode: text('upc_code'),
    upcPackSize: integer('upc_pack_size').notNull().default(1),
    recipeInstructions: text('recipe_instructions'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.packSize] }),
    index('items_upc_idx').on(t.upcCode),
    check('items_pack_min', sql`${t.packSize} >= 1 and ${t.upcPackSize} >= 1`),
  ],
);

/** Units of measure of an item (SizeDescs). */
export const itemUoms = pgTable(
  'item_uoms',
  {
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    unit: text('unit')
      .notNull()
      .references(() => uoms.unit),
    qty: numeric('qty', { precision: 12, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.packSize, t.unit] })],
);

/** Linked (recipe) items: the item is made of link items in a unit and quantity. */
export const itemLinks = pgTable(
  'item_links',
  {
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    linkItemId: text('link_item_id').notNull(),
    linkPackSize: integer('link_pack_size').notNull(),
    unit: text('unit'),
    unitQty: numeric('unit_qty', { precision: 12, scale: 4 }),
    qty: numeric('qty', { precision: 12, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.packSize, t.linkItemId, t.linkPackSize] })],
);

export const itemVendorNumbers = pgTable(
  'item_vendor_numbers',
  {
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    vendorItem: text('vendor_item').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.packSize, t.vendorId] }),
    index('item_vendor_numbers_vendor_idx').on(t.vendorId, t.vendorItem),
  ],
);

export const itemGroupMembers = pgTable(
  'item_group_members',
  {
    itemGroupId: varchar('item_group_id', { length: 28 })
      .notNull()
      .references(() => itemGroups.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemGroupId, t.itemId, t.packSize] }),
    index('item_group_members_item_idx').on(t.itemId, t.packSize),
  ],
);
