/** Current Prices Report: the prices each Apply replaced, per store, for its Undo (migration 0014). */
import { bigint, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { zones } from './sites-zones-users';

export const currentPriceApplies = pgTable(
  'current_price_applies',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    packSize: integer('pack_size').notNull(),
    userName: text('user_name').notNull(),
    price: numeric('price', { precision: 9, scale: 2 }).notNull(),
    /** [{site_id, unit_list}] of the stores whose price the Apply changed, as they were. */
    before: jsonb('before').notNull(),
    /** The item's zone UpdateKey right after the Apply: Undo needs it unchanged. */
    updateKey: bigint('update_key', { mode: 'number' }).notNull(),
    appliedAt: ts('applied_at').notNull().defaultNow(),
    undoneAt: ts('undone_at'),
  },
  (t) => [index('current_price_applies_item_idx').on(t.zoneId, t.itemId, t.packSize, t.id)],
);
