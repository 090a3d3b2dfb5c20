/** Outside updates and vendor imports; transfers (durable background work). */
import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { cost, list, ts } from './columns';
import { vendors } from './lookups';
import { sites, zones } from './sites-zones-users';

/** One root row per (zone, item) with the incoming values; change_flds is the bitmask of differing fields. */
export const outsideUpdates = pgTable(
  'outside_updates',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    source: text('source').notNull(),
    vendorId: text('vendor_id'),
    upcCode: text('upc_code'),
    upcPackSize: integer('upc_pack_size'),
    description: varchar('description', { length: 35 }),
    receiptDescription: varchar('receipt_description', { length: 35 }),
    invType: char('inv_type', { length: 1 }),
    dept: integer('dept'),
    sub: integer('sub'),
    unitList: list('unit_list'),
    unitCost: cost('unit_cost'),
    taxGroupId: integer('tax_group_id'),
    redemptionId: integer('redemption_id'),
    active: boolean('active'),
    minOnHand: integer('min_on_hand'),
    maxOnHand: integer('max_on_hand'),
    minPurchaseQty: integer('min_purchase_qty'),
    itemGroups: jsonb('item_groups'),
    changeFlds: integer('change_flds').notNull().default(0),
    isNew: boolean('is_new').notNull().default(false),
    costVarianceFlag: boolean('cost_variance_flag').notNull().default(false),
    action: text('action').notNull().default('noaction'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('outside_updates_zone_item_uq').on(t.zoneId, t.itemId, t.packSize)],
);

/** Included rows: the sites a change came from (origin) or would impact (impact). */
export const outsideUpdateSites = pgTable(
  'outside_update_sites',
  {
    updateId: integer('update_id')
      .notNull()
      .references(() => outsideUpdates.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    values: jsonb('values'),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.siteId] })],
);

export const vendorImportSetups = pgTable('vendor_import_setups', {
  id: serial('id').primaryKey(),
  sourceType: text('source_type').notNull(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  fileMask: text('file_mask').notNull(),
  label: text('label').notNull(),
  vendorZone: text('vendor_zone').notNull(),
  zoneId: integer('zone_id')
    .notNull()
    .references(() => zones.id, { onDelete: 'cascade' }),
  vendorId: text('vendor_id')
    .notNull()
    .references(() => vendors.id),
  cdbVendorId: text('cdb_vendor_id'),
});

/** A transfer is one import or distribution run; its per-site tasks are claimed with FOR UPDATE SKIP LOCKED. */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    userName: text('user_name').notNull(),
    status: text('status').notNull().default('PENDING'),
    options: jsonb('options').notNull().default({}),
    log: text('log').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('transfers_status_idx').on(t.kind, t.status)],
);

export const transferTasks = pgTable(
  'transfer_tasks',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    status: text('status').notNull().default('PENDING'),
    claimedBy: text('claimed_by'),
    claimedAt: ts('claimed_at'),
    finishedAt: ts('finished_at'),
    error: text('error'),
    result: jsonb('result'),
  },
  (t) => [index('transfer_tasks_status_idx').on(t.status, t.transferId)],
);
