/**
 * Build master: the store's file becomes the truth for that site. Items whose values differ are
 * written through the write path (pricebook/write.ts) with the site alone as coverage; items the
 * site does not carry get the site's own row (and a catalogue row when the price book has none).
 * Every change is in the history with source 'Site Import'; the zone summaries are refreshed.
 */
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { type FieldName, historyValues } from '../pricebook/fields';
import { HISTORY_COLUMNS, NEXT_VERSION } from '../pricebook/layers';
import { refreshZoneSummary, zonesOfSites } from '../pricebook/summary';
import { writeSiteItems } from '../pricebook/write';
import { beginWrite } from '../pricebook/write-scope';
import type { Difference } from './outside-updates';
import { SITE_IMPORT_SOURCE } from './outside-updates';

const FILE_FIELDS: FieldName[] = [
  'description',
  'receiptDescription',
  'dept',
  'sub',
  'unitList',
  'taxGroupId',
  'active',
];

export async function buildMaster(
  ex: Executor,
  o: { userName: string; siteId: number; changed: Difference[]; added: Difference[] },
): Promise<void> {
  if (!o.changed.length && !o.added.length) return;
  const [user] = await rows<{ id: number }>(
    ex,
    sql`select id from users where lower(user_name) = lower(${o.userName})`,
  );
  if (!user) throw new Error(`No user ${o.userName}.`);
  // The site's base zone when it has one, else its first zone: a write names one zone.
  const [zone] = await rows<{ zone_id: number }>(
    ex,
    sql`select zs.zone_id from zone_sites zs join sites s on s.id = zs.site_id
      where zs.site_id = ${o.siteId}
      order by (zs.zone_id = s.base_zone_id) desc nulls last, zs.zone_id limit 1`,
  );
  if (!zone) throw new Error('The site is in no zone.');
  const scope = await beginWrite(ex, { userId: user.id, zoneId: zone.zone_id, siteIds: [o.siteId] });
  if (o.changed.length) {
    await writeSiteItems({
      ex,
      scope,
      user: o.userName,
      source: SITE_IMPORT_SOURCE,
      zoneId: zone.zone_id,
      fields: FILE_FIELDS,
      keysChecked: true,
      coverage: [o.siteId],
      changes: o.changed.map((d) => ({
        itemId: d.values.itemId,
        packSize: d.values.packSize,
        values: {
          description: d.values.description,
          receiptDescription: d.values.receiptDescription,
          dept: d.values.dept,
          sub: d.values.sub,
          unitList: d.values.unitList,
          taxGroupId: d.values.taxGroupId,
          active: d.values.active,
        },
      })),
    });
  }
  if (o.added.length) await addLocalItems(ex, o.userName, o.siteId, o.added);
}

/** The store's own items: the site's own rows (revived when removed earlier), with history. */
async function addLocalItems(ex: Executor, userName: string, siteId: number, added: Difference[]) {
  const keys = added.map((d) => ({ itemId: d.values.itemId, packSize: d.values.packSize }));
  const arr = <T extends string | number | boolean | null>(f: (d: Difference) => T, type: string) =>
    pgArray(added.map(f), type);
  const v = sql`v as (select * from unnest(
      ${arr((d) => d.values.itemId, 'text')}, ${arr((d) => d.values.packSize, 'int')},
      ${arr((d) => d.values.description, 'text')}, ${arr((d) => d.values.receiptDescription, 'text')},
      ${arr((d) => d.values.invType, 'text')}, ${arr((d) => d.values.dept, 'int')},
      ${arr((d) => d.values.sub, 'int')}, ${arr((d) => d.values.unitList, 'numeric')},
      ${arr((d) => d.values.taxGroupId, 'int')}, ${arr((d) => d.values.active, 'boolean')})
    as v(item_id, pack_size, description, receipt_description, inv_type, dept, sub, unit_list, tax_group_id, active))`;
  await ex.execute(sql`with ${v}
    insert into items (item_id, pack_size) select item_id, pack_size from v
    on conflict (item_id, pack_size) do nothing`);
  await ex.execute(sql`with ${v},
    ins as (
      insert into site_exceptions (site_id, item_id, pack_size, description, receipt_description, inv_type,
        dept, sub, unit_list, tax_group_id, active, updated_by)
      select ${siteId}, item_id, pack_size, description, receipt_description, inv_type, dept, sub, unit_list,
        tax_group_id, active, ${userName} from v
      on conflict (site_id, item_id, pack_size) do update set description = excluded.description,
        receipt_description = excluded.receipt_description, inv_type = excluded.inv_type,
        dept = excluded.dept, sub = excluded.sub, unit_list = excluded.unit_list,
        tax_group_id = excluded.tax_group_id, active = excluded.active, deleted = false,
        version = ${NEXT_VERSION}, updated_at = now(), updated_by = excluded.updated_by
      returning site_exceptions.*)
    insert into item_changes (site_id, ${HISTORY_COLUMNS})
    select site_id, item_id, pack_size, ${userName}, ${SITE_IMPORT_SOURCE}, dept, sub, unit_list, ${historyValues()} from ins`);
  const zones = await zonesOfSites(ex, [siteId]);
  await refreshZoneSummary(ex, { zoneIds: zones, items: keys }, true);
}
