/**
 * The zone tree and site list of the Site Import and Distribute to Sites pickers: the user's zones,
 * each with its sites in priority order and what the store loop knows of each site (its last
 * distribution and whether the store's last acknowledgement answers it, its last import).
 */
import type { PickerZone } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

interface Row {
  zone_id: number;
  zone_no: number;
  zone_name: string;
  site_id: number | null;
  site_no: number | null;
  site_name: string | null;
  last_dist_file: string | null;
  last_dist_at: Date | string | null;
  last_ack_for: string | null;
  last_ack_refused: number | null;
  last_item_file: string | null;
  last_item_file_at: Date | string | null;
  last_rejected_file: string | null;
  last_rejected_reason: string | null;
  last_rejected_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? '' : new Date(d).toISOString());

export async function zonesSites(ex: Executor, userId: number, curZoneId: number): Promise<PickerZone[]> {
  const found = await rows<Row>(
    ex,
    sql`select z.id as zone_id, z.zone_no, z.name as zone_name, s.id as site_id, s.site_no, s.name as site_name,
        x.last_dist_file, x.last_dist_at, x.last_ack_for, x.last_ack_refused, x.last_item_file, x.last_item_file_at,
        x.last_rejected_file, x.last_rejected_reason, x.last_rejected_at
      from user_zones uz join zones z on z.id = uz.zone_id
      left join zone_sites zs on zs.zone_id = z.id
      left join sites s on s.id = zs.site_id
      left join site_exchange x on x.site_id = s.id
      where uz.user_id = ${userId}
      order by z.zone_no, zs.priority, s.site_no`,
  );
  const cur = found.find((r) => r.zone_id === curZoneId);
  const zones = new Map<number, PickerZone>();
  for (const r of found) {
    let z = zones.get(r.zone_id);
    if (!z) {
      z = {
        ZoneSetupID: r.zone_id,
        ZoneNo: r.zone_no,
        ZoneName: r.zone_name,
        CurZoneName: cur?.zone_name ?? '',
        CurZoneNum: cur?.zone_no ?? 0,
        ZoneSites: [],
      };
      zones.set(r.zone_id, z);
    }
    if (r.site_id === null || r.site_no === null) continue;
    const confirmed = r.last_dist_file !== null && r.last_ack_for === r.last_dist_file;
    z.ZoneSites.push({
      SetupID: r.site_id,
      SiteNo: r.site_no,
      SiteName: r.site_name ?? '',
      LastDistribution: r.last_dist_file
        ? {
            File: r.last_dist_file,
            At: iso(r.last_dist_at),
            Confirmed: confirmed,
            Refused: confirmed ? (r.last_ack_refused ?? 0) : 0,
          }
        : null,
      LastImport: r.last_item_file ? { File: r.last_item_file, At: iso(r.last_item_file_at) } : null,
      // Only for a store that sent a file Site Import could not read.
      ...(r.last_rejected_file
        ? {
            Rejected: {
              File: r.last_rejected_file,
              Reason: r.last_rejected_reason ?? '',
              At: iso(r.last_rejected_at),
            },
          }
        : {}),
    });
  }
  return [...zones.values()];
}
