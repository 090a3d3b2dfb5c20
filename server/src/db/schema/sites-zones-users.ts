/** Sites, zones and their sites, users, sessions, sign-in throttling, preferences. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';

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
