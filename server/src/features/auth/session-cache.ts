/**
 * Live sessions this instance checked a moment ago, so a burst of calls (a page's lookups, a run of
 * grid edits) pays the session's round trip once instead of on every call.
 *
 * What it costs: a session revoked by another instance, an expired one, or a user disabled in the
 * database stops working here within SESSION_CACHE_MS, not at once. A session's own expiry is kept
 * exactly (an entry never outlives it), and Log Off or a new sign-in on this instance forgets the
 * session at once. Zone access and preferences are never cached: every call checks them.
 *
 * One cache per database handle (the app's routes and its guards share it; a test's second app on
 * another database gets its own).
 */
import type { Executor } from '../../db/client';
import { digest, type SessionUser, sessionOfDigest } from './sessions';

/** How long a checked session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
/** Entries kept at most (the oldest goes first): a flood of distinct cookies cannot grow it. */
export const SESSION_CACHE_MAX = 10_000;

export interface SessionCache {
  /** The session's user, from the cache while fresh, else from the database (null: not signed in). */
  find(token: string | undefined): Promise<SessionUser | null>;
  /** Drops the token's entry (Log Off, a new sign-in). */
  forget(token: string | undefined): void;
}

/** A cache of the sessions of database `ex`. */
export function sessionCache(
  ex: Executor,
  o: { ttlMs?: number; max?: number; now?: () => number } = {},
): SessionCache {
  const ttl = o.ttlMs ?? SESSION_CACHE_MS;
  const max = o.max ?? SESSION_CACHE_MAX;
  const now = o.now ?? Date.now;
  const live = new Map<string, { user: SessionUser; until: number }>();
  return {
    async find(token) {
      if (!token) return null;
      const key = digest(token);
      const hit = live.get(key);
      if (hit && hit.until > now()) return hit.user;
      live.delete(key);
      const found = await sessionOfDigest(ex, key);
      if (!found) return null;
      if (live.size >= max) live.delete(live.keys().next().value as string);
      live.set(key, { user: found.user, until: Math.min(now() + ttl, found.expiresAt.getTime()) });
      return found.user;
    },
    forget(token) {
      if (token) live.delete(digest(token));
    },
  };
}

const caches = new WeakMap<object, SessionCache>();

/** The session cache of this database handle (created on first use). */
export function sessionsOf(ex: Executor): SessionCache {
  const known = caches.get(ex);
  if (known) return known;
  const made = sessionCache(ex);
  caches.set(ex, made);
  return made;
}
