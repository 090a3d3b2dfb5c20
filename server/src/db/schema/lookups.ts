/** Lookups: item types, departments, tax groups and levels, redemptions, item groups, vendors, units. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { list } from './columns';
import { zones } from './sites-zones-users';

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
