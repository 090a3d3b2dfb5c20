/**
 * The access rule of every write: each zone a write names and each store (site) it touches must
 * belong to the signed-in user, else 403 and nothing is written. A store belongs to a user when it
 * is a site of one of the user's zones. Write paths reach this through `beginWrite()`
 * (pricebook/write-scope.ts), which also takes the zones' write locks.
 */
import { msg } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** 403 unless every zone is one of the user's; `field` names where the zones came from. */
export async function assertWritableZones(
  ex: Executor,
  userId: number,
  zoneIds: readonly number[],
  field = 'ZoneSetupID',
): Promise<void> {
  const wanted = unique(zoneIds);
  if (wanted.length === 0) return;
  if (!wanted.every(Number.isSafeInteger))
    throw new AppError('FORBIDDEN', `${field}: ${msg('FORBIDDEN_ZONE')}`);
  const mine = await rows<{ zone_id: number }>(
    ex,
    sql`select zone_id from user_zones where user_id = ${userId} and zone_id = any(${pgArray(wanted, 'int')})`,
  );
  if (mine.length !== wanted.length) throw new AppError('FORBIDDEN', `${field}: ${msg('FORBIDDEN_ZONE')}`);
}

/**
 * 400 for a SetupID that is no store; 403 unless every store is a site of one of the user's zones.
 * `field` names the request field that carried them (Coverage, sites ...).
 */
export async function assertWritableSites(
  ex: Executor,
  userId: number,
  siteIds: readonly number[],
  field = 'Coverage',
): Promise<void> {
  const wanted = unique(siteIds);
  if (wanted.length === 0) return;
  const unsafe = wanted.filter((s) => !Number.isSafeInteger(s) || s > 2_147_483_647);
  if (unsafe.length) throw new AppError('VALIDATION', `${field}: no site with SetupID ${unsafe.join(', ')}.`);
  const found = await rows<{ id: number; mine: boolean }>(
    ex,
    sql`select s.id, exists (
        select 1 from zone_sites zs join user_zones uz on uz.zone_id = zs.zone_id
        where zs.site_id = s.id and uz.user_id = ${userId}) as mine
      from sites s where s.id = any(${pgArray(wanted, 'int')})`,
  );
  const unknown = wanted.filter((s) => !found.some((f) => f.id === s));
  if (unknown.length)
    throw new AppError('VALIDATION', `${field}: no site with SetupID ${unknown.join(', ')}.`);
  const foreign = found.filter((f) => !f.mine).map((f) => f.id);
  if (foreign.length) {
    throw new AppError(
      'FORBIDDEN',
      `${field}: ${msg('FORBIDDEN_SITES', { sites: unique(foreign).join(', ') })}`,
    );
  }
}
