/**
 * The whole product's database schema (DOMAIN.md). Site rows are the truth; zone_items is the
 * per-zone summary view that every write refreshes. Money columns are numeric: list 2, cost 4.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const list = (name: string) => numeric(name, { precision: 12, scale: 2 });
const cost = (name: string) => numeric(name, { precision: 14, scale: 4 });

// ---------- sites, zones, users ----------

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    siteNo: integer('site_no').notNull(),
    name: text('name').notNull(),
    /** Exchange folder override; default DATA_DIR/sites/NNN */
    exchangeDir: text('exchange_dir'),
    active: boolean('active').notNull().default(true),
    /**
     * The zone whose base rows (base_items) this site carries unless it has its own row in
     * site_exceptions; one of the site's zones. Null: the site has only its own rows.
     */
    baseZoneId: integer('base_zone_id').references((): AnyPgColumn => zones.id),
  },
  (t) => [
    uniqueIndex('sites_site_no_uq').on(t.siteNo),
    check('sites_site_no_range', sql`${t.siteNo} between 1 and 999`),
  ],
);

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    zoneNo: integer('zone_no').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('zones_zone_no_uq').on(t.zoneNo)],
);

/** Sites of a zone, ordered by priority (1 = highest). A site may be in several zones. */
export const zoneSites = pgTable(
  'zone_sites',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    priority: integer('priority').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.siteId] }), index('zone_sites_site_idx').on(t.siteId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    displayName: text('display_name'),
    email: text('email'),
    passwordHash: text('password_hash'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_user_name_uq').on(sql`lower(${t.userName})`)],
);

export const userZones = pgTable(
  'user_zones',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.zoneId] })],
);

/** Server-side sessions: the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins per key (user name + address) for rate limiting; kept in the database so instances agree. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: ts('window_start').notNull(),
  lockedUntil: ts('locked_until'),
});

/** Preferences 1-6 are booleans (flags), 7 is the integer Cost Compare Variance percent. */
export const preferences = pgTable(
  'preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prefId: smallint('pref_id').notNull(),
    prefValue: boolean('pref_value'),
    prefInt: integer('pref_int'),
    prefString: text('pref_string'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.prefId] }),
    check('preferences_id_range', sql`${t.prefId} between 1 and 7`),
  ],
);

// ---------- lookups ----------

export const itemTypes = pgTable('item_types', {
  type: char('type', { length: 1 }).primaryKey(),
  description: text('description').notNull(),
});

/** Departments per zone. sub 0 with dept > 0 is the department itself (D.00). item_type_name 'EX' marks expense departments. */
export const departments = pgTable(
  'departments',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    dept: integer('dept').notNull(),
    sub: integer('sub').notNull(),
    deptName: text('dept_name').notNull(),
    subName: text('sub_name').notNull(),
    itemTypeName: text('item_type_name').notNull().default('I'),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.dept, t.sub] }),
    check('departments_sub_range', sql`${t.sub} between 0 and 99`),
  ],
);

export const taxGroups = pgTable(
  'tax_groups',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    description: text('description').notNull(),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.id] })],
);

/** Tax levels (rates) that make up a tax group, for NAXML TLT/TST. */
export const taxLevels = pgTable(
  'tax_levels',
  {
    zoneId: integer('zone_id').notNull(),
    taxGroupId: integer('tax_group_id').notNull(),
    levelId: integer('level_id').notNull(),
    rate: numeric('rate', { precision: 7, scale: 4 }).notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.taxGroupId, t.levelId] })],
);

export const redemptions = pgTable('redemptions', {
  id: integer('id').primaryKey(),
  text: text('text').notNull(),
  amount: list('amount').notNull(),
});

export const redemptionZones = pgTable(
  'redemption_zones',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    redemptionId: integer('redemption_id')
      .notNull()
      .references(() => redemptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.redemptionId] })],
);

export const itemGroups = pgTable('item_groups', {
  id: varchar('id', { length: 28 }).primaryKey(),
  description: text('description').notNull(),
  active: boolean('active').notNull().default(true),
});

export const vendors = pgTable('vendors', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** COREMARK, MCLANE for wholesalers; null for direct-store-delivery vendors */
  sourceType: text('source_type'),
});

export const uoms = pgTable('uoms', {
  unit: text('unit').primaryKey(),
  description: text('description').notNull(),
});

// ---------- catalogue facts per (item, pack size) ----------

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

// ---------- truth per site, view per zone ----------

/**
 * Site row versions: every write sets a row's version to the next value, so an item's UpdateKey
 * (the largest version of a zone's rows of it) never returns to an earlier value.
 */
export const siteItemVersionSeq = pgSequence('site_item_version_seq');

/** The editable values of a site row, shared by the base rows, the exceptions and the site_items view. */
const siteValues = () => ({
  description: varchar('description', { length: 35 }).notNull(),
  receiptDescription: varchar('receipt_description', { length: 35 }),
  invType: char('inv_type', { length: 1 }).notNull().default('I'),
  dept: integer('dept').notNull(),
  sub: integer('sub').notNull(),
  unitList: list('unit_list').notNull().default('0'),
  unitCost: cost('unit_cost').notNull().default('0'),
  taxGroupId: integer('tax_group_id'),
  redemptionId: integer('redemption_id'),
  active: boolean('active').notNull().default(true),
  minOnHand: integer('min_on_hand'),
  maxOnHand: integer('max_on_hand'),
  minPurchaseQty: integer('min_purchase_qty'),
  vendorId: text('vendor_id'),
  sendToPos: boolean('send_to_pos').notNull().default(true),
});
const rowStamp = () => ({
  version: bigint('version', { mode: 'number' }).notNull().default(sql`nextval('site_item_version_seq')`),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/**
 * A zone's base values of an item: what every site whose base zone is this zone has, unless the
 * site has its own row in site_exceptions (docs/architecture.md, "Storage"). A zone-wide change
 * writes one row here per item instead of one per store.
 */
export const baseItems = pgTable(
  'base_items',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    ...siteValues(),
    ...rowStamp(),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.itemId, t.packSize] }),
    index('base_items_item_idx').on(t.itemId, t.packSize),
    index('base_items_version_idx').on(t.zoneId, t.version),
    check('base_items_inv_type', sql`${t.invType} in ('I','S','X')`),
  ],
);

/**
 * A site's own row of an item, where it differs from its base zone's row, carries an item its base
 * zone has not, or no longer carries it (deleted; version 0 = never carried).
 */
export const siteExceptions = pgTable(
  'site_exceptions',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    ...siteValues(),
    deleted: boolean('deleted').notNull().default(false),
    ...rowStamp(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.itemId, t.packSize] }),
    index('site_exceptions_item_idx').on(t.itemId, t.packSize),
    index('site_exceptions_version_idx').on(t.siteId, t.version),
    check('site_exceptions_inv_type', sql`${t.invType} in ('I','S','X')`),
  ],
);

/**
 * What each site has: its exceptions, else its base zone's rows (a view, migration 0004; writes
 * go to base_items / site_exceptions, or through the view's INSTEAD OF trigger one row at a time).
 * version > the site's sent version (site_item_sent) means pending distribution.
 */
export const siteItems = pgView('site_items', {
  siteId: integer('site_id').notNull(),
  itemId: text('item_id').notNull(),
  packSize: integer('pack_size').notNull(),
  ...siteValues(),
  deleted: boolean('deleted').notNull(),
  ...rowStamp(),
}).existing();

/** The version of each site's row last written to the site's exchange folder. */
export const siteItemSent = pgTable(
  'site_item_sent',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.itemId, t.packSize] })],
);

/**
 * Per zone and item: the most common value of each field over the zone's sites, the site count and
 * whether each field is uniform. Searches read this table; every write refreshes it.
 */
export const zoneItems = pgTable(
  'zone_items',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    upcCode: text('upc_code'),
    upcPackSize: integer('upc_pack_size').notNull().default(1),
    description: varchar('description', { length: 35 }).notNull(),
    receiptDescription: varchar('receipt_description', { length: 35 }),
    invType: char('inv_type', { length: 1 }).notNull(),
    dept: integer('dept').notNull(),
    sub: integer('sub').notNull(),
    unitList: list('unit_list').notNull(),
    unitCost: cost('unit_cost').notNull(),
    // Unconstrained: a tiny list with a large cost gives margins far beyond 10^7 percent.
    margin: numeric('margin'),
    taxGroupId: integer('tax_group_id'),
    redemptionId: integer('redemption_id'),
    active: boolean('active').notNull(),
    minOnHand: integer('min_on_hand'),
    maxOnHand: integer('max_on_hand'),
    minPurchaseQty: integer('min_purchase_qty'),
    vendorId: text('vendor_id'),
    sendToPos: boolean('send_to_pos').notNull(),
    siteCount: integer('site_count').notNull(),
    isPriceUniform: boolean('is_price_uniform').notNull(),
    isCostUniform: boolean('is_cost_uniform').notNull(),
    isDeptSubUniform: boolean('is_dept_sub_uniform').notNull(),
    isDescUniform: boolean('is_desc_uniform').notNull(),
    isUniform: boolean('is_uniform').notNull(),
    /** Largest version of the zone's rows of the item, removed ones included: the UpdateKey. */
    updateKey: bigint('update_key', { mode: 'number' }).notNull(),
    refreshedAt: ts('refreshed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.itemId, t.packSize] }),
    index('zone_items_dept_idx').on(t.zoneId, t.dept, t.sub),
    index('zone_items_list_idx').on(t.zoneId, t.unitList),
    index('zone_items_upc_idx').on(t.zoneId, t.upcCode),
  ],
);

/**
 * Every write to a site row appends here: who, when, from where, and the values after the change.
 * One row per change and item covers every store whose values it set alike (site_ids); a store
 * with values of its own gets its own row (site_id). Read per store through the item_history view.
 */
export const itemChanges = pgTable(
  'item_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id'),
    siteIds: integer('site_ids').array(),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    changedBy: text('changed_by').notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
    source: text('source').notNull(),
    dept: integer('dept'),
    sub: integer('sub'),
    unitList: list('unit_list'),
    valuesAfter: jsonb('values_after').notNull(),
  },
  (t) => [
    index('item_changes_item_idx').on(t.itemId, t.packSize, t.changedAt),
    check('item_changes_sites', sql`(${t.siteId} is null) <> (${t.siteIds} is null)`),
  ],
);

/** item_changes with one row per store (a view, migration 0004). */
export const itemHistory = pgView('item_history', {
  id: bigint('id', { mode: 'number' }).notNull(),
  siteId: integer('site_id').notNull(),
  itemId: text('item_id').notNull(),
  packSize: integer('pack_size').notNull(),
  changedBy: text('changed_by').notNull(),
  changedAt: ts('changed_at').notNull(),
  source: text('source').notNull(),
  dept: integer('dept'),
  sub: integer('sub'),
  unitList: list('unit_list'),
  valuesAfter: jsonb('values_after').notNull(),
}).existing();

// ---------- pricing events ----------

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
  },
  (t) => [primaryKey({ columns: [t.eventId, t.itemId, t.packSize] })],
);

// ---------- negotiated costs and invoices ----------

export const negotiatedCostHeaders = pgTable('negotiated_cost_headers', {
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
});

export const negotiatedCostItems = pgTable(
  'negotiated_cost_items',
  {
    headerId: integer('header_id')
      .notNull()
      .references(() => negotiatedCostHeaders.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.headerId, t.itemId, t.packSize] })],
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
  (t) => [uniqueIndex('invoices_uq').on(t.vendorId, t.siteId, t.invoiceNo)],
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

// ---------- transfers (durable background work) ----------

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

// ---------- shell ----------

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  active: boolean('active').notNull().default(true),
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
