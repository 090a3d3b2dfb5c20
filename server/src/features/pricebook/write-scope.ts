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
import { msg } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { assertWritableSites, assertWritableZones } from '../auth/site-access';
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
}

export interface BeginWrite {
  userId: number;
  zoneId: number;
  /** Stores the request names besides the zone's own (coverage, outside sites, removals). */
  siteIds?: readonly number[];
  /** Field the stores came from, for the 403 message. */
  siteField?: string;
  /**
   * Items whose catalogue facts may change: the zones of every store carrying them are locked too,
   * since such a change marks them pending (no site value changes there, so no access check).
   */
  catalogueItems?: readonly ItemKey[];
}

/** Checks access and takes the write locks; call first thing inside the write's transaction. */
export async function beginWrite(ex: Executor, o: BeginWrite): Promise<WriteScope> {
  await assertWritableZones(ex, o.userId, [o.zoneId]);
  const extra = [...new Set(o.siteIds ?? [])];
  await assertWritableSites(ex, o.userId, extra, o.siteField);
  const zoneSites = await rows<{ site_id: number }>(
    ex,
    sql`select site_id from zone_sites where zone_id = ${o.zoneId}`,
  );
  const sites = new Set([...zoneSites.map((s) => s.site_id), ...extra]);
  const items = o.catalogueItems ?? [];
  const carrying = items.length
    ? sql`or z.id in (select zs.zone_id from zone_sites zs join site_items si on si.site_id = zs.site_id
          where ${keysIn('si', items)})`
    : sql``;
  const locked = await rows<{ id: number }>(
    ex,
    sql`select z.id from zones z
      where z.id = ${o.zoneId}
        or z.id in (select zone_id from zone_sites where site_id = any(${pgArray([...sites], 'int')}))
        ${carrying}
      order by z.id for no key update of z`,
  );
  return { userId: o.userId, zoneId: o.zoneId, sites, zones: new Set(locked.map((z) => z.id)) };
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
