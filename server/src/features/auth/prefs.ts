import { prefsToMask, type StoredPref } from '@cpb/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { preferences } from '../../db/schema';

/** The user's preference flags as the bit mask of RULES.md (server-side permission checks). */
export async function loadPrefMask(ex: Executor, userId: number): Promise<number> {
  const found = await ex.select().from(preferences).where(eq(preferences.userId, userId));
  return prefsToMask(
    found.filter((p) => p.prefId <= 6).map((p) => ({ PrefID: p.prefId, PrefValue: p.prefValue })),
  );
}

/** The user's preference rows (IDs 1-6) as one JSON value, for a statement that reads more (prefsToMask). */
export const prefsJson = (userId: number): SQL =>
  sql`(select coalesce(json_agg(json_build_object('PrefID', pref_id, 'PrefValue', pref_value)), '[]')
    from preferences where user_id = ${userId} and pref_id <= 6)`;

/**
 * One round trip for what a zone's call checks first: whether the user may use the zone, and the
 * user's preference mask (read once per request; the write's permission checks use it).
 */
export async function loadZoneAccess(
  ex: Executor,
  userId: number,
  zoneId: number,
): Promise<{ allowed: boolean; prefMask: number }> {
  if (!Number.isInteger(zoneId)) return { allowed: false, prefMask: 0 };
  const [r] = await rows<{ allowed: boolean; prefs: StoredPref[] }>(
    ex,
    sql`select exists (select 1 from user_zones where user_id = ${userId} and zone_id = ${zoneId}) as allowed,
      ${prefsJson(userId)} as prefs`,
  );
  return { allowed: r.allowed, prefMask: prefsToMask(r.prefs) };
}
