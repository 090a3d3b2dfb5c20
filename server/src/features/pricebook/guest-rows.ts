/**
 * The rows of the stores a write reaches that read another zone's base rows (a store in two
 * zones): they take the written values through own rows, made, updated or folded in one statement.
 */
import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import { rows } from '../../db/client';
import { FIELDS, HISTORY_VALUES, VALUE_COLUMNS } from './fields';
import { HISTORY_COLUMNS, NEXT_VERSION } from './layers';
import type { WriteRequest } from './write';
import { FEW_ITEMS } from './write-scope';
import { type Written, type WrittenJson, writtenOf } from './written';

/**
 * At these sites, which read another zone's base rows: their live own rows of the items take the
 * written values, and where a site has no own row it gets one (its base row with the written
 * values); one history row per item and values after, naming its sites (the sites of a base zone
 * that held no own row end alike: one row, not one per site). A row that then equals the site's
 * base row is not kept (the own row is deleted, or none made): the site reads its base row, and
 * `folded` counts those rows and `sites` names their sites (the keys of their zones must take the
 * write's version). A removed item stays removed; a site whose base zone has no row of an item and
 * that has no own row of it does not carry it. Every row written gets a version, kept or not (the
 * summary's key moves with the write).
 */
export async function writeGuestRows(
  req: WriteRequest,
  values: { cte: SQL; rows: number },
  siteIds: number[],
): Promise<GuestAnswer> {
  if (siteIds.length === 0 || !values.rows) return { written: [], folded: 0, sites: [] };
  const g = guestSql(req, values.rows, siteIds);
  const [r] = await rows<GuestJson>(req.ex, sql`with ${values.cte}, ${g.ctes} select ${g.answer}`);
  return guestAnswer(r);
}

export interface GuestAnswer {
  written: Written[];
  folded: number;
  sites: number[];
}
export type GuestJson = { g_written: WrittenJson; g_folded: number; g_sites: number[] };
export const guestAnswer = (r: GuestJson): GuestAnswer => ({
  written: writtenOf(r.g_written),
  folded: r.g_folded,
  sites: r.g_sites,
});

/**
 * writeGuestRows' CTEs after the changes' CTE `v` of `items` rows, and a select list answering
 * g_written, g_folded and g_sites (GuestJson). g_t: each site's new row of each item, with `same`
 * (it equals the site's base row) and `own` (the site has a live own row); g_ins: the new own rows,
 * a plain insert since g_t read that none is there (an upsert cost a third more: 640 against 430
 * ms for 50,000 rows on PostgreSQL); g_upd: the own rows updated; g_del: those folded; g_w: every
 * row written; g_hist: their history.
 */
export function guestSql(req: WriteRequest, items: number, siteIds: number[]) {
  // The site's new row: the written values over its own row, or over its base row where it has none.
  const after = VALUE_COLUMNS.map((c) => {
    const i = req.fields.findIndex((f) => FIELDS[f].col === c);
    return i < 0 ? `case when e.site_id is null then b.${c} else e.${c} end` : `v.f${i}`;
  });
  const newRow = sql.raw(after.map((x, i) => `${x} as ${VALUE_COLUMNS[i]}`).join(', '));
  const same = sql.raw(
    `b.item_id is not null and (${after.join(', ')}) is not distinct from (${VALUE_COLUMNS.map((c) => `b.${c}`).join(', ')})`,
  );
  const cols = sql.raw(VALUE_COLUMNS.join(', '));
  const set = req.fields.map((f) => `${FIELDS[f].col} = t.${FIELDS[f].col}, `).join('');
  const xcols = sql.raw(VALUE_COLUMNS.map((c) => `x.${c}`).join(', '));
  // A site's row of each item. A few items probe the keys one by one: a kept (generic) plan of
  // plain joins reads the whole base_items table into a hash (16 ms against 1.5 on the demo).
  const few = items <= FEW_ITEMS;
  const rowsOf = (table: string, site: string) => {
    const [, a] = table.split(' ');
    const on = `${site} and ${a}.item_id = v.item_id and ${a}.pack_size = v.pack_size`;
    return sql.raw(
      few
        ? `left join lateral (select * from ${table} where ${on} limit 1) ${a} on true`
        : `left join ${table} on ${on}`,
    );
  };
  const ctes = sql`g_t as materialized (
        select s.id as site_id, v.item_id, v.pack_size, ${newRow}, false as deleted, e.site_id is not null as own,
          ${same} as same, ${NEXT_VERSION} as version
        from v cross join sites s ${rowsOf('base_items b', 'b.zone_id = s.base_zone_id')}
          ${rowsOf('site_exceptions e', 'e.site_id = s.id')}
        where s.id = any(${pgArray(siteIds, 'int')})
          and (e.site_id is not null and not e.deleted or e.site_id is null and b.item_id is not null)),
      g_ins as (
        insert into site_exceptions (site_id, item_id, pack_size, ${cols}, deleted, version, updated_at, updated_by)
        select site_id, item_id, pack_size, ${cols}, false, version, now(), ${req.user} from g_t where not same and not own
        returning site_id, item_id, pack_size, ${cols}, deleted, version),
      g_upd as (
        update site_exceptions x set ${sql.raw(set)}version = t.version, updated_at = now(), updated_by = ${req.user}
        from g_t t
        where not t.same and t.own and x.site_id = t.site_id and x.item_id = t.item_id and x.pack_size = t.pack_size
          and not x.deleted
        returning x.site_id, x.item_id, x.pack_size, ${xcols}, x.deleted, x.version),
      g_del as (
        delete from site_exceptions x using g_t t
        where t.same and t.own and x.site_id = t.site_id and x.item_id = t.item_id and x.pack_size = t.pack_size
          and not x.deleted
        returning x.site_id),
      g_w as (
        select * from g_ins
        union all select * from g_upd
        union all select site_id, item_id, pack_size, ${cols}, deleted, version from g_t where same),
      g_hist as (
        insert into item_changes (site_id, site_ids, ${HISTORY_COLUMNS})
        select case when n = 1 then one end, case when n > 1 then ids end,
          item_id, pack_size, ${req.user}, ${req.source}, dept, sub, unit_list, ${HISTORY_VALUES}
        from (select item_id, pack_size, ${cols}, deleted, count(*) n, min(site_id) one,
            array_agg(site_id order by site_id) ids
          from g_w group by item_id, pack_size, ${cols}, deleted) h)`;
  const answer = sql`(select coalesce(json_agg(json_build_array(item_id, pack_size, version::text, sites)), '[]')
          from (select item_id, pack_size, max(version) version, count(*)::int sites from g_w group by item_id, pack_size) g) as g_written,
        (select count(*)::int from g_t where same) as g_folded,
        (select coalesce(array_agg(distinct site_id), '{}') from g_t where same) as g_sites`;
  return { ctes, answer };
}
