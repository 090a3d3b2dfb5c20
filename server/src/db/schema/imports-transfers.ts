/** Outside updates and vendor imports; transfers (durable background work). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
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
import { sites, users, zones } from './sites-zones-users';

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
    /** Vendor Import: the vendor's suggested retail, and the list price keeping the item's current margin at the new cost. */
    vendorList: list('vendor_list'),
    marginList: list('margin_list'),
    /** Vendor Import: the vendor's item number (VN) as the file gave it. */
    vendorItem: text('vendor_item'),
    /**
     * The incoming values (every editable field, change_flds, item_groups) as they were before the
     * user's first edit kept on the root (updateMasterItemList); null: not edited. A restore puts
     * them back, a new arrival from Site Import resets it.
     */
    incoming: jsonb('incoming'),
    /**
     * The version of the incoming values: every arrival that sets them (Site Import, vendor import)
     * takes the next value of site_item_version_seq. The root's UpdateKey is the larger of this and
     * the zone's key of the item, so it changes whenever the incoming values do.
     */
    version: bigint('version', { mode: 'number' }).notNull().default(sql`nextval('site_item_version_seq')`),
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

/**
 * Auto-accept rules (issue 13, beyond the spec): per zone, data that decides outside updates as
 * they arrive (domain api/ou-rules.ts holds the conditions' schema). The first enabled rule by
 * priority, then id, that matches a root decides it, written as the user who last changed the rule
 * (updated_by, else created_by).
 */
export const ouRules = pgTable(
  'ou_rules',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    action: text('action').notNull(),
    priority: integer('priority').notNull().default(100),
    conditions: jsonb('conditions').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Who last changed the rule (null: never changed, or the user is gone); its decisions are credited to them. */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedByName: text('updated_by_name'),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    uniqueIndex('ou_rules_zone_name_uq').on(t.zoneId, t.name),
    check('ou_rules_action', sql`${t.action} in ('accept', 'synch_site', 'reject')`),
  ],
);

export const vendorImportSetups = pgTable(
  'vendor_import_setups',
  {
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
  },
  (t) => [uniqueIndex('vendor_import_setups_uq').on(t.sourceType, t.siteId, t.fileMask, t.zoneId)],
);

/** Vendor files already imported, by SHA-256: the same file is never imported twice. */
export const vendorImportedFiles = pgTable(
  'vendor_imported_files',
  {
    id: serial('id').primaryKey(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    setupId: integer('setup_id').references(() => vendorImportSetups.id, { onDelete: 'set null' }),
    transferId: integer('transfer_id').references(() => transfers.id, { onDelete: 'set null' }),
    items: integer('items').notNull().default(0),
    importedAt: ts('imported_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vendor_imported_files_sha_uq').on(t.sha256)],
);

/** A transfer is one import or distribution run; its per-site tasks are claimed with FOR UPDATE SKIP LOCKED. */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    userName: text('user_name').notNull(),
    /** PENDING (tasks waiting or running), DONE (every task done), FAILED (at least one task failed). */
    status: text('status').notNull().default('PENDING'),
    options: jsonb('options').notNull().default({}),
    /** The user's notes (Site Import's notes box). */
    notes: text('notes'),
    /** Number of tasks (sites) of the run. */
    total: integer('total').notNull().default(0),
    /** The completion message shown to the user. */
    message: text('message'),
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
    /** PENDING, RUNNING, DONE, FAILED */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    claimedAt: ts('claimed_at'),
    finishedAt: ts('finished_at'),
    /** The exchange file the task wrote (final name), so a rerun after a crash finds it and only completes the marking. */
    file: text('file'),
    error: text('error'),
    /** Counts and details of what the task did (records written, differences found, ...). */
    result: jsonb('result'),
  },
  (t) => [
    index('transfer_tasks_status_idx').on(t.status, t.transferId),
    uniqueIndex('transfer_tasks_site_uq').on(t.transferId, t.siteId),
  ],
);

/**
 * What each site has been sent and has sent back. change_watermark: the largest item_changes.id
 * already distributed to the site ("modifications only" sends changes above it).
 */
export const siteExchange = pgTable('site_exchange', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  changeWatermark: bigint('change_watermark', { mode: 'number' }).notNull().default(0),
  lastDistFile: text('last_dist_file'),
  lastDistAt: ts('last_dist_at'),
  lastDistFull: boolean('last_dist_full'),
  /** The newest store item file imported (name), and when. */
  lastItemFile: text('last_item_file'),
  lastItemFileAt: ts('last_item_file_at'),
  /** The newest acknowledgement read: its file, the maintenance file it answers, counts. */
  lastAckFile: text('last_ack_file'),
  lastAckFor: text('last_ack_for'),
  lastAckAt: ts('last_ack_at'),
  lastAckApplied: integer('last_ack_applied'),
  lastAckRefused: integer('last_ack_refused'),
  /** The newest store file that could not be read (moved to from-site/rejected/), why, and when. */
  lastRejectedFile: text('last_rejected_file'),
  lastRejectedReason: text('last_rejected_reason'),
  lastRejectedAt: ts('last_rejected_at'),
});

/** Records the store refused in its last acknowledgement (replaced by each new one); Item Conflicts lists them. */
export const siteRefusals = pgTable(
  'site_refusals',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    reason: text('reason').notNull(),
    ackFile: text('ack_file').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.itemId, t.packSize] })],
);
