/** Shell: announcements and settings. */
import { boolean, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

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
