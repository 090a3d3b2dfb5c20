/**
 * How every write to site rows begins (a batch, a grid edit, an item save): check that the user may
 * write the zone and every store the request names (features/auth/site-access.ts), then lock the
 * zones the write will read from or refresh, before anything is read.
 *
 * The lock is a row lock on each zone's row (`for no key update`, which does not block foreign-key
 * checks), taken in one statement in zone-id order: two writes that share a zone run one after the
 * other, each reading what the other committed, so a read-compute-write (Set Price's +1.00, an
 * UpdateKey check) never works from a stale value; one ordered statement cannot deadlock with
 * another. PGlite runs one transaction at a time anyway; the same statement is harmless there.
 */
import { msg, prefsToMask, type StoredPref } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import { type Executor, rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { prefsJson } from '../auth/prefs';
import { assertWritableSites } from '../auth/site-access';
import { keysIn } from './layers';
import type { ItemKey } from './summary';

/** What a write may touch: proof that beginWrite ran in this transaction. */
export interface WriteScope {
  userId: number;
  zoneId: number;
  /** Stores the user may write in this transaction (the zone's and the checked ones). */
  sites: ReadonlySet<number>;
  /** Zones locked for this transaction. */
  zones: ReadonlySet<number>;
  /** The user's preference mask, read in the same statement (the write's permission checks use it). */
  prefMask: number;
}

export interface BeginWrite {
  userId: number;
  zoneId: number;
  /** Stores the request names besides the zone's own (coverage, outside sites, removals). */
  siteIds?: readonly number[];
  /** Field the stores came from, for the 403 message. */
  siteField?: string;
  /** Field the zone came from, for the 403 message (default ZoneSetupID; null: the message alone, as the zone guard gives it). */
  zoneField?: string | null;
  /**
   * Items whose catalogue facts may change: the zones of every store carrying them are locked too,
   * since such a change marks them pending (no site value changes there, so no access check).
   */
  catalogueItems?: readonly ItemKey[];
  /**
   * A write of at most FEW_ITEMS items (a grid edit, a small batch): see plansKept. Not for more:
   * a kept plan is made for arrays of about ten elements.
   */
  fewItems?: boolean;
}

/** The most items a write may name and still run on kept plans (BeginWrite.fewItems). */
export const FEW_ITEMS = 20;

/**
 * The rest of a few-item write's transaction runs on generic plans (`plan_cache_mode`, reset at
 * COMMIT or ROLLBACK): each statement the driver keeps (NamedStatementClient on PostgreSQL,
 * pglite-kept.ts on PGlite) is planned once per connection. Left to choose, PostgreSQL plans a
 * one-item write's statements again on every call, for their one-element arrays (about 2 ms of
 * planning in a 7 ms grid edit; on PGlite 9 ms a grid edit against 4.3 ms on kept plans, 10 stores
 * x 25,000 items), and keeps choosing that because a plan for one row looks cheaper than one for ten.
 */
const plansKept = (o: BeginWrite) =>
  o.fewItems ? sql`, set_config('plan_cache_mode', 'force_generic_plan', true) as plans` : sql``;

/**
 * Checks access and takes the write locks; call first thing inside the write's transaction. The
 * zone check, the zone's stores, the user's preferences and the locks are one statement (the locks
 * only when the zone is the user's), so a write needs no check of its own before it; the stores
 * the request names besides are checked after it.
 */
export async function beginWrite(ex: Executor, o: BeginWrite): Promise<WriteScope> {
  const field = o.zoneField === undefined ? 'ZoneSetupID' : o.zoneField;
  const refused = () => new AppError('FORBIDDEN', `${field ? `${field}: ` : ''}${msg('FORBIDDEN_ZONE')}`);
  if (!Number.isSafeInteger(o.zoneId)) throw refused();
  const extra = [...new Set(o.siteIds ?? [])];
  const items = o.catalogueItems ?? [];
  const carrying = items.length
    ? sql`or z.id in (select zs.zone_id from zone_sites zs join site_items si on si.site_id = zs.site_id
          where ${keysIn('si', items)})`
    : sql``;
  const [r] = await rows<{ allowed: boolean; sites: number[]; zones: number[]; prefs: StoredPref[] }>(
    ex,
    sql`with acc as (
        select exists (select 1 from user_zones where user_id = ${o.userId} and zone_id = ${o.zoneId}) as ok),
      own as (select site_id from zone_sites where zone_id = ${o.zoneId}),
      locked as (
        select z.id from zones z, acc
        where acc.ok and (z.id = ${o.zoneId}
          or z.id in (select zone_id from zone_sites
            where site_id in (select site_id from own) or site_id = any(${pgArray(extra, 'int')}))
          ${carrying})
        order by z.id for no key update of z)
      select (select ok from acc) as allowed,
        (select coalesce(array_agg(site_id), '{}') from own) as sites,
        (select coalesce(array_agg(id order by id), '{}') from locked) as zones,
        ${prefsJson(o.userId)} as prefs ${plansKept(o)}`,
  );
  if (!r.allowed) throw refused();
  await assertWritableSites(ex, o.userId, extra, o.siteField);
  const sites = new Set([...r.sites.map(Number), ...extra]);
  return {
    userId: o.userId,
    zoneId: o.zoneId,
    sites,
    zones: new Set(r.zones.map(Number)),
    prefMask: prefsToMask(r.prefs),
  };
}

/** 403 for a store outside the scope; an internal error for a zone the write did not lock. */
export function assertInScope(scope: WriteScope, o: { siteIds?: number[]; zoneIds?: number[] }): void {
  const foreign = (o.siteIds ?? []).filter((s) => !scope.sites.has(s));
  if (foreign.length) {
    throw new AppError('FORBIDDEN', `Coverage: ${msg('FORBIDDEN_SITES', { sites: foreign.join(', ') })}`);
  }
  const unlocked = (o.zoneIds ?? []).filter((z) => !scope.zones.has(z));
  if (unlocked.length) {
    // A store joined a zone after the lock was taken; the write is refused rather than racing.
    throw new AppError('CONFLICT', `Zones ${unlocked.join(', ')} changed during the write. Try again.`);
  }
}
