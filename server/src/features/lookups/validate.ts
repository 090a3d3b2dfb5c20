/** Checks that referenced lookups exist in the zone; each failure is a clear 400. */
import { msg } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';

export interface DeptInfo {
  dept: number;
  sub: number;
  item_type_name: string;
}

export async function findDept(
  ex: Executor,
  zoneId: number,
  dept: number,
  sub: number,
): Promise<DeptInfo | null> {
  const [d] = await rows<DeptInfo>(
    ex,
    sql`select dept, sub, item_type_name from departments where zone_id = ${zoneId} and dept = ${dept} and sub = ${sub}`,
  );
  return d ?? null;
}

export async function requireDept(
  ex: Executor,
  zoneId: number,
  dept: number,
  sub: number,
): Promise<DeptInfo> {
  const d = await findDept(ex, zoneId, dept, sub);
  if (!d) throw new AppError('VALIDATION', msg('MUST_BE_EXISTING_DEPT'));
  return d;
}

export async function requireTaxGroup(ex: Executor, zoneId: number, id: number): Promise<void> {
  const [r] = await rows(ex, sql`select 1 from tax_groups where zone_id = ${zoneId} and id = ${id}`);
  if (!r) throw new AppError('VALIDATION', `TaxGroupId: no tax group ${id} in this zone.`);
}

export async function requireRedemption(ex: Executor, zoneId: number, id: number): Promise<void> {
  const [r] = await rows(
    ex,
    sql`select 1 from redemption_zones where zone_id = ${zoneId} and redemption_id = ${id}`,
  );
  if (!r) throw new AppError('VALIDATION', `crvId: no redemption ${id} in this zone.`);
}

export async function requireVendor(ex: Executor, id: string): Promise<void> {
  const [r] = await rows(ex, sql`select 1 from vendors where id = ${id}`);
  if (!r) throw new AppError('VALIDATION', `vendorid: no vendor ${id}.`);
}
