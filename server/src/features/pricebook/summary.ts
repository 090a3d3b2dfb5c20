/**
 * The zone summary (zone_items): per zone and item, the most common value of each field over the
 * zone's sites, the site count and per-field uniform flags. Refreshed with one set-based statement
 * in the same transaction as the write that changed the site rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import { itemKeyArrays, pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { KEPT_FLAGS, type UniformFlag, ZONE_FIELDS } from '../../db/fields';
import { FIELDS } from './fields';
import { type SummaryPart, summaryParts, summaryValue } from './summary-parts';

export interface ItemKey {
  itemId: string;
  packSize: number;
}

export interface RefreshScope {
  /** Zones to refresh; omitted = every zone holding one of the items. */
  zoneIds?: number[];
  /** Items to refresh; omitted = every item of the zones. */
  items?: ItemKey[];
}

const intArray = (v: number[]) => pgArray(v, 'int');

function zoneFilter(zoneIds: number[] | undefined, alias: string): SQL {
  if (!zoneIds) return sql`true`;
  return sql`${sql.raw(alias)}.zone_id = any(${intArray(zoneIds)})`;
}

/** Zones that hold any of the given sites: the zones a write at those sites impacts. */
export async function zonesOfSites(ex: Executor, siteIds: number[]): Promise<number[]> {
  if (siteIds.length === 0) return [];
  const found = await rows<{ zone_id: number }>(
    ex,
    sql`select distinct zone_id from zone_sites where site_id = any(${intArray(siteIds)}) order by zone_id`,
  );
  return found.map((r) => r.zone_id);
}

/** Summary parts: the zone value is the sites' common value, or the most common one where they differ. */
export const PARTS = summaryParts();
/** A field is uniform when every site has the same value (all null counts as the same). */
const uniform = (f: string) =>
  `(a.${f}_min is not distinct from a.${f}_max and a.${f}_n in (0, a.site_count))`;
/** Whether the sites agree on every part a flag tells of. */
const flagSql = (flag: UniformFlag) =>
  PARTS.filter((p) => p.uniform === flag)
    .map((p) => uniform(p.part))
    .join(' and ');
/** The zone value: the common value when uniform, else the most common one (mode CTE m_<part>). */
const pick = (f: string) => `case when ${uniform(f)} then a.${f}_min else m_${f}.v end`;
// Removed rows count only towards the UpdateKey, so that a removal raises it too.
const LIVE = 'filter (where not r.deleted)';
const AGG_COLUMNS = PARTS.map(
  ({ part: f }) =>
    `min(r.${f}) ${LIVE} ${f}_min, max(r.${f}) ${LIVE} ${f}_max, coalesce(sum(r.w) filter (where not r.deleted and r.${f} is not null), 0) ${f}_n`,
).join(',\n');

/**
 * The most common value of one part over the weighted rows, for the items whose sites disagree on
 * it: what mode() gives over one row per site (nulls ignored; of values as common, the least).
 */
const modeCte = (f: string) => `m_${f} as (
      select distinct on (x.zone_id, x.item_id, x.pack_size) x.zone_id, x.item_id, x.pack_size, x.v
      from (select r.zone_id, r.item_id, r.pack_size, r.${f} as v, sum(r.w) as n
        from r join a on a.zone_id = r.zone_id and a.item_id = r.item_id and a.pack_size = r.pack_size
        where not r.deleted and r.${f} is not null and not ${uniform(f)}
        group by r.zone_id, r.item_id, r.pack_size, r.${f}) x
      order by x.zone_id, x.item_id, x.pack_size, x.n desc, x.v)`;
const modeJoin = (f: string) =>
  `left join m_${f} on m_${f}.zone_id = a.zone_id and m_${f}.item_id = a.item_id and m_${f}.pack_size = a.pack_size`;

/**
 * CTEs zs, zb, layers and r: r holds, per zone of the scope and item, the own rows of its stores
 * (weight 1 each) and, per base zone of its stores, that zone's base row weighted by its stores
 * that have no own row of the item (rows of weight 0 left out), with the parts' values. `k`: the
 * items (a CTE of item_id, pack_size), or false for every item of the zones.
 *
 * A base row's weight counts the own rows beside it with a window over both layers, not a join of
 * the base rows to a count of own rows: the planner, which cannot estimate either side (the items
 * come from an array, the own rows from a CTE), took a few rows for each and joined them in a
 * nested loop, once per base row over every own row (5,000 x 5,000 after a coverage write: seconds).
 */
export function layerCtes(
  zoneIds: number[] | undefined,
  k: boolean,
  parts: readonly SummaryPart[],
  o: LayerOverride = {},
  /** The items (k) are a few: their own rows are read item by item. */
  fewItems = false,
): SQL {
  const zf = zoneIds ? sql`zs.zone_id = any(${intArray(zoneIds)})` : sql`true`;
  const kJoin = k ? sql`join k on k.item_id = si.item_id and k.pack_size = si.pack_size` : sql``;
  // A few items: each item's own rows by key (the fence keeps the planner from joining the whole
  // table instead, which a kept plan did where statistics showed few own rows).
  const ownRows =
    k && fewItems
      ? sql`k cross join lateral (select * from site_exceptions si
          where si.item_id = k.item_id and si.pack_size = k.pack_size offset 0) si`
      : sql`site_exceptions si ${kJoin}`;
  const values = sql.raw(parts.map(({ part, expr }) => `, ${expr} as ${part}`).join(''));
  const names = sql.raw(parts.map(({ part }) => `, ${part}`).join(''));
  const p = o.prefix ?? '';
  const [zs, zb, layers] = [`${p}zs`, `${p}zb`, `${p}layers`].map(sql.raw);
  // The statement's own writes, which its other CTEs do not see: its new rows replace the tables'.
  const own = o.own
    ? sql`where not (si.site_id = any(${intArray(o.own.siteIds)}) and not si.deleted)
      union all
      select zs.zone_id, zs.base_zone_id, si.item_id, si.pack_size, false, 1, false, si.version${values}
      from ${sql.raw(o.own.rows)} si join ${zs} zs on zs.site_id = si.site_id where ${sql.raw(o.own.keep)}`
    : sql``;
  const base = o.base
    ? sql`where si.zone_id <> ${o.base.zoneId}
      union all
      select zb.zone_id, zb.base_zone_id, si.item_id, si.pack_size, true, zb.n, false, si.version${values}
      from ${zb} zb join ${sql.raw(o.base.rows)} si on si.zone_id = zb.base_zone_id`
    : sql``;
  return sql`${zs} as materialized (
      select zs.zone_id, zs.site_id, s.base_zone_id from zone_sites zs join sites s on s.id = zs.site_id
      where ${zf}),
    ${zb} as materialized (
      select zone_id, base_zone_id, count(*)::int as n from ${zs} where base_zone_id is not null
      group by zone_id, base_zone_id),
    ${layers} as (
      select zs.zone_id, zs.base_zone_id, si.item_id, si.pack_size, false as base, 1 as n, si.deleted, si.version${values}
      from ${ownRows} join ${zs} zs on zs.site_id = si.site_id ${own}
      union all
      select zb.zone_id, zb.base_zone_id, si.item_id, si.pack_size, true, zb.n, false, si.version${values}
      from ${zb} zb join base_items si on si.zone_id = zb.base_zone_id ${kJoin} ${base}),
    ${sql.raw(`${p}r`)} as materialized (
      select zone_id, item_id, pack_size, w, deleted, version${names} from (
        select l.*, case when l.base
            then l.n - count(*) filter (where not l.base) over (partition by l.zone_id, l.base_zone_id, l.item_id, l.pack_size)
            else 1 end as w
        from ${layers} l) x
      where w > 0)`;
}

/**
 * Rows a statement writes, for its layer CTEs (layerCtes) to read in place of the tables' (which
 * that statement's CTEs read as they were before it). `prefix`: of the CTE names (zs, zb, layers,
 * r), for a statement with CTEs of those names.
 */
export interface LayerOverride {
  prefix?: string;
  /** The zone's base rows of the items: a CTE of base_items' columns holding every one of them. */
  base?: { zoneId: number; rows: string };
  /**
   * At these sites the live own rows of the items are the rows of this CTE (`si`: site_id,
   * item_id, pack_size, the value columns, version) for which `keep` holds.
   */
  own?: { siteIds: number[]; rows: string; keep: string };
}

/**
 * The summary CTEs over the layers themselves, not the site_items view (layerCtes), then per zone
 * and item the aggregates (a), the most common value of each part where the stores differ (m_*)
 * and the summary row (g). An item whose stores keep no differing own row is one base row; a
 * coverage write leaves one own row per store that differs.
 */
function summaryCtes(zoneIds: number[] | undefined, k: boolean): SQL {
  return sql`${layerCtes(zoneIds, k, PARTS)},
    a as materialized (
      select r.zone_id, r.item_id, r.pack_size, coalesce(sum(r.w) ${sql.raw(LIVE)}, 0)::int as site_count,
        max(r.version) as update_key,
        ${sql.raw(AGG_COLUMNS)}
      from r group by r.zone_id, r.item_id, r.pack_size),
    ${sql.raw(PARTS.map((p) => modeCte(p.part)).join(',\n    '))},
    g as (
      select a.zone_id, a.item_id, a.pack_size, a.site_count, a.update_key,
        ${sql.raw(PARTS.map((p) => `${pick(p.part)} as ${p.part}`).join(', '))},
        ${sql.raw(KEPT_FLAGS.map((f) => `${flagSql(f)} as ${f}`).join(', '))},
        ${sql.raw(flagSql('is_uniform'))} as others_uniform
      from a ${sql.raw(PARTS.map((p) => modeJoin(p.part)).join(' '))}
      where a.site_count > 0)`;
}

const RAW_MARGIN = `case when g.unit_list = 0 and g.unit_cost = 0 then 0.000
           when g.unit_cost = 0 then 100.000
           when g.unit_list = 0 then -100.000
           else round((g.unit_list - g.unit_cost) / g.unit_list * 100, 3) end`;
/**
 * The summary row's margin as the domain's displayMargin shows it (margin-sql.test.ts proves
 * them equal): blank for a type X (expense) item whose margin is negative, so the margin range
 * criterion finds what the grid shows.
 */
export const MARGIN_SQL = `case when g.inv_type = 'X' and (${RAW_MARGIN}) < 0 then null else ${RAW_MARGIN} end`;

/** zone_items' columns and their values from CTE g (and the catalogue's row i). */
const ZONE_ITEM_VALUES: Array<[column: string, value: string]> = [
  ['upc_code', 'i.upc_code'],
  ['upc_pack_size', 'coalesce(i.upc_pack_size, 1)'],
  ...ZONE_FIELDS.map((f): [string, string] => [FIELDS[f].col, summaryValue(f)]),
  ['margin', MARGIN_SQL],
  ['site_count', 'g.site_count'],
  ...KEPT_FLAGS.map((f): [string, string] => [f, `g.${f}`]),
  ['is_uniform', [...KEPT_FLAGS, 'others_uniform'].map((f) => `g.${f}`).join(' and ')],
  ['others_uniform', 'g.others_uniform'],
  ['update_key', 'g.update_key'],
  ['refreshed_at', 'now()'],
];

/**
 * Upserts the summary rows of CTE g into zone_items. The UpdateKey keeps the larger of the stored
 * and the computed key: a store's own row folded into its base row (layers.ts, foldOwnRows) takes
 * the base row's older version, and a key must never go back.
 */
export const SUMMARY_UPSERT = sql.raw(`
    insert into zone_items (zone_id, item_id, pack_size, ${ZONE_ITEM_VALUES.map(([c]) => c).join(', ')})
    select g.zone_id, g.item_id, g.pack_size, ${ZONE_ITEM_VALUES.map(([, v]) => v).join(', ')}
    from g left join items i on i.item_id = g.item_id and i.pack_size = g.pack_size
    on conflict (zone_id, item_id, pack_size) do update set
      ${ZONE_ITEM_VALUES.map(([c]) =>
        c === 'update_key' ? `${c} = greatest(zone_items.${c}, excluded.${c})` : `${c} = excluded.${c}`,
      ).join(', ')}`);

/** Up to this many items, the summary's steps fit the default work_mem even at 200 stores with own rows at each. */
const SMALL_SUMMARY_ITEMS = 100;

/**
 * Enough memory to group a large batch in memory rather than sort it on disk (this transaction
 * only); `items`: how many the statement groups, when known. A small write skips the round trip.
 */
export const summaryWorkMem = async (ex: Executor, items?: number) => {
  if (items !== undefined && items <= SMALL_SUMMARY_ITEMS) return;
  await ex.execute(sql`set local work_mem = '64MB'`);
};

/**
 * Recompute the summary rows in scope from the zones' base rows and their stores' own rows; rows
 * whose item no longer exists at any site of the zone go (unless `keepRows`: the caller removed
 * nothing). One statement: the items in scope materialised once, every step a join on them.
 */
export async function refreshZoneSummary(
  ex: Executor,
  scope: RefreshScope = {},
  keepRows = false,
): Promise<void> {
  if (scope.items?.length === 0 || scope.zoneIds?.length === 0) return;
  await summaryWorkMem(ex, scope.items?.length);
  const k = scope.items
    ? sql`k as materialized (select distinct * from unnest(${itemKeyArrays(scope.items).ids}, ${itemKeyArrays(scope.items).packs}) as k(item_id, pack_size)),`
    : sql``;
  const ctes = summaryCtes(scope.zoneIds, !!scope.items);
  const gone = keepRows
    ? sql``
    : sql`, gone as (
        delete from zone_items zi
        where ${zoneFilter(scope.zoneIds, 'zi')} and ${scope.items ? sql`(zi.item_id, zi.pack_size) in (select item_id, pack_size from k)` : sql`true`}
          and not exists (select 1 from g where g.zone_id = zi.zone_id and g.item_id = zi.item_id and g.pack_size = zi.pack_size))`;
  await ex.execute(sql`with ${k} ${ctes} ${gone} ${SUMMARY_UPSERT}`);
}
