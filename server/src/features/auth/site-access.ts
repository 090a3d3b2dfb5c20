/**
 * The access rule of every write: each zone a write names and each store (site) it touches must
 * belong to the signed-in user, else 403 and nothing is written. A store belongs to a user when it
 * is a site of one of the user's zones. Write paths reach this through `beginWrite()`
 * (pricebook/write-scope.ts), which also takes the zones' write locks.
 */
import { INT32_MAX, msg } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
/** Whether a number fits an integer column; no row has any other, so it is answered like another user's. */
const storable = (n: number) => Number.isSafeInteger(n) && Math.abs(n) <= INT32_MAX;

/** 403 unless every zone is one of the user's; `field` names where the zones came from. */
export async function assertWritableZones(
  ex: Executor,
  userId: number,
  zoneIds: readonly number[],
  field = 'ZoneSetupID',
): Promise<void> {
  const wanted = unique(zoneIds);
  if (wanted.length === 0) return;
  if (!wanted.every(storable)) throw new AppError('FORBIDDEN', `${field}: ${msg('FORBIDDEN_ZONE')}`);
  const mine = await rows<{ zone_id: number }>(
    ex,
    sql`select zone_id from user_zones where user_id = ${userId} and zone_id = any(${pgArray(wanted, 'int')})`,
  );
  if (mine.length !== wanted.length) throw new AppError('FORBIDDEN', `${field}: ${msg('FORBIDDEN_ZONE')}`);
}

/**
 * 403 unless every store is a site of one of the user's zones (and, with `zoneId`, of that zone).
 * A SetupID that is no store is answered exactly like another user's store (403, named alike), so
 * the answer does not tell which stores exist. `field` names the request field that carried them
 * (Coverage, sites ...).
 */
export async function assertWritableSites(
  ex: Executor,
  userId: number,
  siteIds: readonly number[],
  field = 'Coverage',
  o: { zoneId?: number } = {},
): Promise<void> {
  const wanted = unique(siteIds);
  if (wanted.length === 0) return;
  const safe = wanted.filter((s) => s > 0 && storable(s));
  const found = await rows<{ id: number; in_zone: boolean }>(
    ex,
    sql`select s.id, ${o.zoneId === undefined ? sql`true` : sql`exists (select 1 from zone_sites z where z.site_id = s.id and z.zone_id = ${o.zoneId})`} as in_zone
      from sites s
      where s.id = any(${pgArray(safe, 'int')})
        and exists (select 1 from zone_sites zs join user_zones uz on uz.zone_id = zs.zone_id
          where zs.site_id = s.id and uz.user_id = ${userId})`,
  );
  const refused = wanted.filter((s) => !found.some((f) => f.id === s));
  if (refused.length) {
    throw new AppError('FORBIDDEN', `${field}: ${msg('FORBIDDEN_SITES', { sites: refused.join(', ') })}`);
  }
  const outside = found.filter((f) => !f.in_zone).map((f) => f.id);
  if (outside.length) {
    throw new AppError(
      'FORBIDDEN',
      `${field}: ${msg('FORBIDDEN_SITES_OF_ZONE', { sites: unique(outside).join(', ') })}`,
    );
  }
}

/**
 * The SetupIDs of these store numbers, in the order given; 403 unless every number is a store of
 * one of the user's zones (an unknown number is answered like another user's store).
 */
export async function writableSiteNos(
  ex: Executor,
  userId: number,
  siteNos: readonly number[],
  field = 'sitenos',
): Promise<number[]> {
  if (siteNos.length === 0) return [];
  const found = await rows<{ id: number; site_no: number }>(
    ex,
    sql`select s.id, s.site_no from sites s
      where s.site_no = any(${pgArray(siteNos.filter(storable), 'int')})
        and exists (select 1 from zone_sites zs join user_zones uz on uz.zone_id = zs.zone_id
          where zs.site_id = s.id and uz.user_id = ${userId})`,
  );
  const refused = siteNos.filter((n) => !found.some((f) => f.site_no === n));
  if (refused.length) {
    throw new AppError(
      'FORBIDDEN',
      `${field}: ${msg('FORBIDDEN_SITE_NOS', { sites: unique(refused).join(', ') })}`,
    );
  }
  return siteNos.map((n) => found.find((f) => f.site_no === n)?.id as number);
}
