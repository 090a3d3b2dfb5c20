/** Pricing events, negotiated costs and invoices. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cost, list, ts } from './columns';
import { vendors } from './lookups';
import { sites, zones } from './sites-zones-users';

export const pricingEvents = pgTable(
  'pricing_events',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    effectiveAt: ts('effective_at').notNull(),
    /** 1 pending, 2 ready, 3 distributed, 4 error */
    status: smallint('status').notNull().default(1),
    error: text('error'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    distributedAt: ts('distributed_at'),
    /** The distributed event this (pending) event undoes. */
    undoOf: integer('undo_of').references((): AnyPgColumn => pricingEvents.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('pricing_events_zone_name_at_uq').on(t.zoneId, t.name, t.effectiveAt),
    index('pricing_events_status_idx').on(t.status, t.effectiveAt),
    check('pricing_events_status_range', sql`${t.status} between 1 and 4`),
  ],
);

export const pricingEventItems = pgTable(
  'pricing_event_items',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => pricingEvents.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    futureUnitList: list('future_unit_list').notNull(),
    updateKey: bigint('update_key', { mode: 'number' }).notNull().default(1),
    /** The zone's list price the merge replaced (set when the event is distributed). */
    previousUnitList: list('previous_unit_list'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.itemId, t.packSize] })],
);

export const negotiatedCostHeaders = pgTable(
  'negotiated_cost_headers',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    label: text('label').notNull(),
    cost: cost('cost').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    /** Raised by each save; a save naming an older version is refused (migration 0012). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('negotiated_cost_headers_zone_vendor_idx').on(t.zoneId, t.vendorId, t.effectiveDate)],
);

export const negotiatedCostItems = pgTable(
  'negotiated_cost_items',
  {
    headerId: integer('header_id')
      .notNull()
      .references(() => negotiatedCostHeaders.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.headerId, t.itemId, t.packSize] }),
    index('negotiated_cost_items_item_idx').on(t.itemId, t.packSize),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    invoiceNo: text('invoice_no').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    importedAt: ts('imported_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_uq').on(t.vendorId, t.siteId, t.invoiceNo),
    index('invoices_vendor_date_idx').on(t.vendorId, t.invoiceDate),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    description: text('description'),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitCost: cost('unit_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.lineNo] })],
);

// ---------- outside updates and vendor imports ----------
