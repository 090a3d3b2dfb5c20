/**
 * Writes a site's differences as outside updates (DOMAIN.md "Outside updates"): one root row per
 * zone holding the site and item, with the incoming values and the changeFlds bits (a later import
 * merges into it: newest values, bits added), and one child row per site the change came from
 * (kind 'origin'; its values: what that store sent, what its row held, and its own bits).
 */
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { SiteRow, StoreValues } from './compare';

export interface Difference {
  values: StoreValues;
  /** The site's row; null when the site does not carry the item. */
  was: SiteRow | null;
  flds: number;
}

export const SITE_IMPORT_SOURCE = 'Site Import';

const wasValues = (r: SiteRow | null) =>
  r && {
    description: r.description,
    receiptDescription: r.receipt_description,
    dept: r.dept,
    sub: r.sub,
    unitList: r.unit_list,
    taxGroupId: r.tax_group_id,
    active: r.active,
    invType: r.inv_type,
  };

/** Upserts the roots of every zone of the site and the site's origin rows; returns the roots written. */
export async function writeOutsideUpdates(
  ex: Executor,
  siteId: number,
  diffs: Difference[],
): Promise<number> {
  if (diffs.length === 0) return 0;
  const col = <T extends string | number | boolean | null>(f: (d: Difference) => T, type: string) =>
    pgArray(diffs.map(f), type);
  const written = await rows<{ n: number }>(
    ex,
    sql`with v as (
        select * from unnest(
          ${col((d) => d.values.itemId, 'text')}, ${col((d) => d.values.packSize, 'int')},
          ${col((d) => d.values.description, 'text')}, ${col((d) => d.values.receiptDescription, 'text')},
          ${col((d) => d.values.invType, 'text')}, ${col((d) => d.values.dept, 'int')},
          ${col((d) => d.values.sub, 'int')}, ${col((d) => d.values.unitList, 'numeric')},
          ${col((d) => d.values.taxGroupId, 'int')}, ${col((d) => d.values.active, 'boolean')},
          ${col((d) => d.flds, 'int')},
          ${col((d) => JSON.stringify({ sent: d.values, was: wasValues(d.was), changeFlds: d.flds }), 'text')})
        as v(item_id, pack_size, description, receipt_description, inv_type, dept, sub, unit_list,
          tax_group_id, active, flds, origin)),
      up as (
        insert into outside_updates as o (zone_id, item_id, pack_size, source, description, receipt_description,
          inv_type, dept, sub, unit_list, tax_group_id, active, change_flds, is_new)
        select zs.zone_id, v.item_id, v.pack_size, ${SITE_IMPORT_SOURCE}, v.description, v.receipt_description,
          v.inv_type, v.dept, v.sub, v.unit_list, v.tax_group_id, v.active, v.flds,
          not exists (select 1 from zone_items zi
            where zi.zone_id = zs.zone_id and zi.item_id = v.item_id and zi.pack_size = v.pack_size)
        from v cross join zone_sites zs where zs.site_id = ${siteId}
        on conflict (zone_id, item_id, pack_size) do update set
          -- New incoming values take a new version, so the root's UpdateKey changes with them and an
          -- Accept sent with the key the user loaded is refused (409) instead of writing unseen values.
          version = case when (o.description, o.receipt_description, o.inv_type, o.dept, o.sub, o.unit_list,
              o.tax_group_id, o.active, o.change_flds | excluded.change_flds, o.incoming is null)
            is distinct from (excluded.description, excluded.receipt_description, excluded.inv_type,
              excluded.dept, excluded.sub, excluded.unit_list, excluded.tax_group_id, excluded.active,
              o.change_flds, true)
            then nextval('site_item_version_seq') else o.version end,
          source = excluded.source, description = excluded.description,
          receipt_description = excluded.receipt_description, inv_type = excluded.inv_type,
          dept = excluded.dept, sub = excluded.sub, unit_list = excluded.unit_list,
          tax_group_id = excluded.tax_group_id, active = excluded.active,
          change_flds = o.change_flds | excluded.change_flds, is_new = excluded.is_new,
          incoming = null
        returning o.id, o.item_id, o.pack_size),
      kids as (
        insert into outside_update_sites (update_id, site_id, kind, values)
        select up.id, ${siteId}, 'origin', v.origin::jsonb
        from up join v on v.item_id = up.item_id and v.pack_size = up.pack_size
        on conflict (update_id, site_id) do update set kind = excluded.kind, values = excluded.values
        returning 1)
      select (select count(*) from up)::int as n, (select count(*) from kids)::int as k`,
  );
  return written[0].n;
}
