/**
 * The price book (docs/architecture.md, "Storage"): zone base rows (base_items) and per-store rows
 * (site_exceptions) read through the site_items view, what each site was last sent, the per-zone
 * summary (zone_items) every write refreshes, and the history (item_changes, item_history).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  pgView,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { siteValues, zoneValues } from '../fields';
import { list, ts } from './columns';
import { sites, zones } from './sites-zones-users';

/**
 * Site row versions: every write sets a row's version to the next value, so an item's UpdateKey
 * (the largest version of a zone's rows of it) never returns to an earlier value.
 */
export const siteItemVersionSeq = pgSequence('site_item_version_seq');

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
    // A site's id, checked once per statement, not per row (migration 0018): no foreign key.
    siteId: integer('site_id').notNull(),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    ...siteValues(),
    deleted: boolean('deleted').notNull().default(false),
    ...rowStamp(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.itemId, t.packSize] }),
    index('site_exceptions_item_idx').on(t.itemId, t.packSize),
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
 * whether each field is uniform. Searches read this table; every write refreshes it. No index on
 * the price, margin or UpdateKey, and fillfactor 50 (migration 0017): a batch's summary updates
 * stay heap-only.
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
    ...zoneValues(),
    // Unconstrained: a tiny list with a large cost gives margins far beyond 10^7 percent.
    margin: numeric('margin'),
    siteCount: integer('site_count').notNull(),
    isPriceUniform: boolean('is_price_uniform').notNull(),
    isCostUniform: boolean('is_cost_uniform').notNull(),
    isDeptSubUniform: boolean('is_dept_sub_uniform').notNull(),
    isDescUniform: boolean('is_desc_uniform').notNull(),
    isUniform: boolean('is_uniform').notNull(),
    /** Whether the fields without a kept flag agree at every store; null = not known (migration 0008). */
    othersUniform: boolean('others_uniform'),
    /** Largest version of the zone's rows of the item, removed ones included: the UpdateKey. */
    updateKey: bigint('update_key', { mode: 'number' }).notNull(),
    refreshedAt: ts('refreshed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.itemId, t.packSize] }),
    index('zone_items_dept_idx').on(t.zoneId, t.dept, t.sub),
    index('zone_items_upc_idx').on(t.zoneId, t.upcCode),
  ],
);

/** The stores of history rows that a write to many stores made alike: one row per write statement. */
export const siteSets = pgTable('site_sets', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  siteIds: integer('site_ids').array().notNull(),
});

/**
 * Every write to a site row appends here: who, when, from where, and the values after the change.
 * One row per change and item covers every store whose values it set alike (site_set_id for a
 * write of many items; site_ids for a write of a few, INLINE_SITE_LIST_ITEMS, and in rows written
 * before migration 0015); a store with values of its own gets its own row (site_id). Read per store
 * through the item_history view.
 */
export const itemChanges = pgTable(
  'item_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id'),
    siteIds: integer('site_ids').array(),
    // site_sets.id, without a foreign key (migration 0016): set with the site set in one statement.
    siteSetId: bigint('site_set_id', { mode: 'number' }),
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
    check('item_changes_sites', sql`num_nonnulls(${t.siteId}, ${t.siteIds}, ${t.siteSetId}) = 1`),
  ],
);

/** item_changes with one row per store (a view, migrations 0004 and 0015). */
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
