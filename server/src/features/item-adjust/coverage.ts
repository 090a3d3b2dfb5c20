/**
 * The Site/Zone Coverage dialog's data: the zone's sites (update), every other zone that shares a
 * site with it (impacted, coverage 7) with its sites, and which sites carry the selected items.
 */
import { Coverage } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { keysIn } from '../pricebook/layers';
import type { SelectedItem } from './batch-run';

export async function siteZoneCoverage(ex: Executor, zoneId: number, selected: SelectedItem[]) {
  const zoneRows = await rows<{
    zone_id: number;
    zone_no: number;
    name: string;
    site_id: number;
    site_no: number;
    site_name: string;
    priority: number;
  }>(
    ex,
    sql`select z.id zone_id, z.zone_no, z.name, s.id site_id, s.site_no, s.name site_name, zs.priority
      from zones z join zone_sites zs on zs.zone_id = z.id join sites s on s.id = zs.site_id
      order by z.zone_no, zs.priority`,
  );
  const carrying = await rows<{ site_id: number; n: number }>(
    ex,
    sql`select site_id, count(*)::int n from site_items si where not deleted and ${keysIn(
      'si',
      selected.map((s) => ({ itemId: s.ID, packSize: s.PackSize })),
    )} group by site_id`,
  );
  const own = new Set(zoneRows.filter((r) => r.zone_id === zoneId).map((r) => r.site_id));
  const impactedZones = new Set(
    zoneRows.filter((r) => own.has(r.site_id) && r.zone_id !== zoneId).map((r) => r.zone_id),
  );
  const zonesOf = (siteId: number) => zoneRows.filter((r) => r.site_id === siteId).map((r) => r.zone_id);
  const zones = [...new Map(zoneRows.map((r) => [r.zone_id, r])).values()].map((z) => ({
    ZoneSetupID: z.zone_id,
    ZoneNo: z.zone_no,
    ZoneName: z.name,
    Coverage:
      z.zone_id === zoneId
        ? Coverage.Update
        : impactedZones.has(z.zone_id)
          ? Coverage.Impact
          : Coverage.NoChange,
    SiteIDs: zoneRows.filter((r) => r.zone_id === z.zone_id).map((r) => r.site_id),
  }));
  const sites = [...new Map(zoneRows.map((r) => [r.site_id, r])).values()]
    .sort((a, b) => a.site_no - b.site_no)
    .map((s) => ({
      SetupID: s.site_id,
      SiteNo: s.site_no,
      SiteName: s.site_name,
      Coverage: own.has(s.site_id) ? Coverage.Update : Coverage.NoChange,
      CarriedItems: carrying.find((c) => c.site_id === s.site_id)?.n ?? 0,
      ImpactedZones: zonesOf(s.site_id).filter((z) => z !== zoneId),
    }));
  return {
    Zones: zones,
    ZoneSites: sites,
    ImpactedSites: sites
      .filter((s) => own.has(s.SetupID))
      .map((s) => ({ SetupID: s.SetupID, SiteNo: s.SiteNo })),
  };
}
