/**
 * Sends chosen items to chosen sites now (Item Adjustment's coverage dialog): one NAXML maintenance
 * request per site in its to-site folder, then the rows written are marked distributed. A rerun
 * resends; a row changed after it was read stays pending.
 */

import path from 'node:path';
import { itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { writeStampedExclusive } from '../../exchange/exclusive-write';
import { buildMaintenanceRequest, type ModifierStyle, type NaxmlItem } from '../../exchange/naxml/naxml';
import { assertNoLinkedFolder, toSiteDir } from '../../exchange/site-folders';
import { keysIn } from '../pricebook/layers';
import type { ItemKey } from '../pricebook/summary';
import type { PosItemRow } from './pos-row';

interface SiteRow extends PosItemRow {
  site_id: number;
  site_no: number;
  version: number;
}

export interface SiteResult {
  SetupID: number;
  SiteNo: number;
  Items: number;
  File: string | null;
}

export async function distributeSelected(o: {
  db: Db;
  sitesDir: string;
  /** POSCodeModifier's style (POS_CODE_MODIFIER). */
  modifier?: ModifierStyle;
  items: ItemKey[];
  siteIds: number[];
}): Promise<SiteResult[]> {
  const found = await rows<SiteRow>(
    o.db,
    sql`select si.site_id, s.site_no, si.item_id, si.pack_size, si.deleted, si.description, si.receipt_description,
        si.dept, si.sub, si.unit_list::text, si.active, si.tax_group_id, si.inv_type, si.send_to_pos, si.version
      from site_items si join sites s on s.id = si.site_id
      where si.site_id = any(${pgArray(o.siteIds, 'int')}) and ${keysIn('si', o.items)}
      order by s.site_no, si.item_id, si.pack_size`,
  );
  const results: SiteResult[] = [];
  const sites = await rows<{ id: number; site_no: number }>(
    o.db,
    sql`select id, site_no from sites where id = any(${pgArray(o.siteIds, 'int')}) order by site_no`,
  );
  for (const site of sites) {
    const mine = found.filter((r) => r.site_id === site.id);
    // Items marked "Do not send to POS" are left out of the file but count as distributed.
    const toSend: NaxmlItem[] = mine
      .filter((r) => r.send_to_pos || r.deleted)
      .map((r) => ({
        itemId: r.item_id,
        packSize: r.pack_size,
        deleted: r.deleted,
        description: r.description,
        receiptDescription: r.receipt_description,
        dept: r.dept,
        sub: r.sub,
        unitList: r.unit_list,
        active: r.active,
        taxGroupId: r.tax_group_id,
        invType: r.inv_type,
      }));
    let file: string | null = null;
    if (toSend.length) {
      const xml = buildMaintenanceRequest({
        storeNo: site.site_no,
        tableAction: 'update',
        items: toSend,
        modifier: o.modifier,
      });
      await assertNoLinkedFolder(toSiteDir(o.sitesDir, site.site_no));
      // The answer names the file (as the transfer status does), never the server's folders.
      const written = await writeStampedExclusive(
        toSiteDir(o.sitesDir, site.site_no),
        `ITT${String(site.site_no).padStart(3, '0')}`,
        '.xml',
        xml,
      );
      file = path.basename(written);
    }
    if (mine.length) {
      await o.db.execute(sql`insert into site_item_sent (site_id, item_id, pack_size, version)
        select ${site.id}, item_id, pack_size, version from unnest(${pgArray(
          mine.map((r) => r.item_id),
          'text',
        )}, ${pgArray(
          mine.map((r) => r.pack_size),
          'int',
        )}, ${pgArray(
          mine.map((r) => r.version),
          'bigint',
        )}) as v(item_id, pack_size, version)
        on conflict (site_id, item_id, pack_size) do update set version = excluded.version
          where site_item_sent.version < excluded.version`);
    }
    results.push({
      SetupID: site.id,
      SiteNo: site.site_no,
      Items: new Set(mine.map((r) => itemKey(r.item_id, r.pack_size))).size,
      File: file,
    });
  }
  return results;
}
