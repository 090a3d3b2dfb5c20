/**
 * Vendor import setups (spec entity "Vendor import setup row"): a user sees and changes the setups
 * of their zones only; a setup's delivery site must be one of their stores, its price book zone one
 * of their zones, its vendor a vendor of the price book. Every change answers the whole list.
 */
import type { UpdateVendorImportSetupBody, VendorImportSetupBody, VendorImportSetupRow } from '@cpb/domain';
import { msg, type VENDOR_SOURCE_TYPES } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { assertWritableZones, writableSiteNos } from '../auth/site-access';

/** What the price book calls its zones in the row's CDBZoneType. */
const ZONE_TYPE = 'Price Book';

interface SetupRow {
  id: number;
  source_type: (typeof VENDOR_SOURCE_TYPES)[number];
  site_id: number;
  site_no: number;
  file_mask: string;
  label: string;
  vendor_zone: string;
  zone_id: number;
  zone_no: number;
  zone_name: string;
  vendor_id: string;
  cdb_vendor_id: string | null;
}

const present = (r: SetupRow): VendorImportSetupRow => ({
  MasterID: r.id,
  SourceType: r.source_type,
  SiteNo: String(r.site_no),
  SiteNoInt: r.site_no,
  FileMask: r.file_mask,
  Vendor: r.label,
  VendorID: r.vendor_id,
  VendorZone: r.vendor_zone,
  CDBZone: r.zone_id,
  CDBZoneName: r.zone_name,
  CDBZoneNo: r.zone_no,
  CDBZoneType: ZONE_TYPE,
  CDBVendorID: r.cdb_vendor_id ?? r.vendor_id,
});

/** The setups of the user's zones (all of them with `userId` null: the import's own reading). */
export async function setupRows(ex: Executor, userId: number | null, o: { siteId?: number } = {}) {
  return rows<SetupRow>(
    ex,
    sql`select v.id, v.source_type, v.site_id, s.site_no, v.file_mask, v.label, v.vendor_zone, v.zone_id,
        z.zone_no, z.name as zone_name, v.vendor_id, v.cdb_vendor_id
      from vendor_import_setups v join sites s on s.id = v.site_id join zones z on z.id = v.zone_id
      where (${userId}::int is null or v.zone_id in (select zone_id from user_zones where user_id = ${userId}))
        and (${o.siteId ?? null}::int is null or v.site_id = ${o.siteId ?? null})
      order by v.id`,
  );
}
export type { SetupRow };

export async function listSetups(ex: Executor, userId: number): Promise<VendorImportSetupRow[]> {
  return (await setupRows(ex, userId)).map(present);
}

type Form = z.output<typeof import('@cpb/domain').vendorImportSetupSchema>;

/** The form's values checked against the user's stores and zones and the price book's vendors. */
async function checked(ex: Executor, userId: number, f: Form) {
  const [siteId] = await writableSiteNos(ex, userId, [f.src.Site], 'Site');
  const zoneId = Number(f.dest.CDBZone);
  if (!Number.isSafeInteger(zoneId) || zoneId < 1)
    throw new AppError('VALIDATION', `CDBZone: ${msg('REQUIRED')}`);
  await assertWritableZones(ex, userId, [zoneId], 'CDBZone');
  const vendorId = f.dest.CDBVendorID.trim().toUpperCase();
  const [vendor] = await rows<{ id: string }>(ex, sql`select id from vendors where upper(id) = ${vendorId}`);
  if (!vendor)
    throw new AppError(
      'VALIDATION',
      `CDBVendorID: '${f.dest.CDBVendorID}' is not a vendor of the price book`,
    );
  if (/[/\\]|\.\./.test(f.src.FileMask))
    throw new AppError('VALIDATION', 'FileMask: a file mask names files of the folder only (no / \\ or ..)');
  return {
    sourceType: f.src.SourceType,
    siteId,
    fileMask: f.src.FileMask.trim(),
    label: f.src.Label.trim(),
    vendorZone: f.src.Vendor.trim(),
    zoneId,
    vendorId: vendor.id,
  };
}

/** A unique violation (23505), as PostgreSQL or PGlite report it, maybe wrapped by the driver. */
const duplicate = (e: unknown): boolean => {
  for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (x.code === '23505') return true;
  return false;
};

export async function createSetup(
  ex: Executor,
  userId: number,
  body: z.output<typeof VendorImportSetupBody>,
) {
  const v = await checked(ex, userId, body);
  try {
    await ex.execute(sql`insert into vendor_import_setups
        (source_type, site_id, file_mask, label, vendor_zone, zone_id, vendor_id, cdb_vendor_id)
      values (${v.sourceType}, ${v.siteId}, ${v.fileMask}, ${v.label}, ${v.vendorZone}, ${v.zoneId}, ${v.vendorId}, ${v.vendorId})`);
  } catch (e) {
    if (duplicate(e))
      throw new AppError('CONFLICT', 'This import type, site, file mask and zone are set up already.');
    throw e;
  }
  return listSetups(ex, userId);
}

/** The setup of one of the user's zones, else 404 (another user's setup answers alike). */
async function ownSetup(ex: Executor, userId: number, id: number) {
  const found = (await setupRows(ex, userId)).find((r) => r.id === id);
  if (!found) throw new AppError('NOT_FOUND', `MasterID: no vendor import setup ${id}`);
  return found;
}

export async function updateSetup(
  ex: Executor,
  userId: number,
  body: z.output<typeof UpdateVendorImportSetupBody>,
) {
  await ownSetup(ex, userId, body.MasterID);
  const v = await checked(ex, userId, body);
  try {
    await ex.execute(sql`update vendor_import_setups set source_type = ${v.sourceType}, site_id = ${v.siteId},
        file_mask = ${v.fileMask}, label = ${v.label}, vendor_zone = ${v.vendorZone}, zone_id = ${v.zoneId},
        vendor_id = ${v.vendorId}, cdb_vendor_id = ${v.vendorId}
      where id = ${body.MasterID}`);
  } catch (e) {
    if (duplicate(e))
      throw new AppError('CONFLICT', 'This import type, site, file mask and zone are set up already.');
    throw e;
  }
  return listSetups(ex, userId);
}

export async function deleteSetup(ex: Executor, userId: number, id: number) {
  await ownSetup(ex, userId, id);
  await ex.execute(sql`delete from vendor_import_setups where id = ${id}`);
  return listSetups(ex, userId);
}
