/** The values an item has across the zone's sites, most common first (the divergent-value pickers). */
import type { DivergentField } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

/** Each field the picker shows (the domain's DIVERGENT_FIELDS; the route's schema refuses others). */
const FIELD_SQL: Record<DivergentField, string> = {
  UnitList: 'si.unit_list::text',
  Description: 'si.description',
  DeptSub: "si.dept || '.' || lpad(si.sub::text, 2, '0')",
  UnitCost: 'si.unit_cost::text',
  ReceiptDescription: "coalesce(si.receipt_description, '')",
};

export async function mostCommon(
  ex: Executor,
  zoneId: number,
  itemId: string,
  packSize: number,
  fieldName: DivergentField,
) {
  const expr = FIELD_SQL[fieldName];
  const found = await rows<{
    key: string;
    sites: string;
    named: { SiteNo: number; SiteName: string }[];
    count: number;
  }>(
    ex,
    sql`select coalesce(${sql.raw(expr)}, '') as key, string_agg(s.site_no::text, ' ' order by s.site_no) as sites,
        json_agg(json_build_object('SiteNo', s.site_no, 'SiteName', s.name) order by s.site_no) as named,
        count(*)::int as count
      from site_items si join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${zoneId}
      join sites s on s.id = si.site_id
      where si.item_id = ${itemId} and si.pack_size = ${packSize} and not si.deleted
      group by 1 order by count(*) desc, 1`,
  );
  // Value keeps the spec's list of site numbers; Sites names them for the Sites pop-up.
  return found.map((r) => ({ Key: r.key, Value: r.sites, Count: r.count, Sites: r.named }));
}
