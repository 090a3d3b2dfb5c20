/**
 * The zone summary (zone_items): per zone and item, the most common value of each field over the
 * zone's sites, the site count and per-field uniform flags. Refreshed with one set-based statement
 * in the same transaction as the write that changed the site rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { KEPT_FLAGS, type UniformFlag, ZONE_FIELDS } from '../../db/fields';
import { FIELDS } from './fields';
import { keysIn } from './layers';
import { summaryParts, summaryValue } from './summary-parts';

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

function itemFilter(items: ItemKey[] | undefined, alias: string): SQL {
  if (!items) return sql`true`;
  if (items.length === 0) return sql`false`;
  return keysIn(alias, items);
}

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
const PARTS = summaryParts();
/** A field is uniform when every site has the same value (all null counts as the same). */
const uniform = (f: string) =>
  `(a.${f}_min is not distinct from a.${f}_max and a.${f}_n in (0, a.site_count))`;
/** Whether the sites agree on every part a flag tells of. */
const flagSql = (flag: UniformFlag) =>
  PARTS.filter((p) => p.uniform === flag)
    .map((p) => uniform(p.part))
    .join(' and ');
const ALL_UNIFORM = PARTS.map((p) => uniform(p.part)).join(' and ');
// Removed rows (deleted) count only towards the UpdateKey, so that a removal raises it too.
const LIVE = 'filter (where not si.deleted)';
const AGG_COLUMNS = PARTS.map(
  ({ part: f, expr: e }) =>
    `min(${e}) ${LIVE} ${f}_min, max(${e}) ${LIVE} ${f}_max, count(${e}) ${LIVE} ${f}_n`,
).join(',\n');
const MODE_COLUMNS = PARTS.map(({ part: f, expr: e }) => `mode() within group (order by ${e}) ${f}`).join(
  ',\n',
);
/** The zone value: the common value when uniform, else the mode (computed only for such items). */
const pick = (f: string) => `case when ${uniform(f)} then a.${f}_min else m.${f} end`;

/**
 * The summary CTEs a, m, g over a source of site rows: `rows` is a FROM item exposing the rows as
 * `si` and their zone as `zs` (filtered by `where`); `modeRows` the same rows joined from `a` for
 * the items whose sites disagree. Used by the refresh below and inside a write's own statement.
 * The UpdateKey is the largest version of the zone's rows of the item, removed rows included:
 * versions come from one sequence (every write takes the next), so the key only ever grows.
 */
export function summaryCtes(rows: SQL, where: SQL, modeRows: SQL): SQL {
  return sql`a as materialized (
      select zs.zone_id, si.item_id, si.pack_size, (count(*) ${sql.raw(LIVE)})::int as site_count,
        max(si.version) as update_key,
        ${sql.raw(AGG_COLUMNS)}
      from ${rows}
      where ${where}
      group by zs.zone_id, si.item_id, si.pack_size
      having count(*) ${sql.raw(LIVE)} > 0),
    m as (
      select a.zone_id, a.item_id, a.pack_size, ${sql.raw(MODE_COLUMNS)}
      from ${modeRows}
      where not si.deleted and not (${sql.raw(ALL_UNIFORM)})
      group by a.zone_id, a.item_id, a.pack_size),
    g as (
      select a.zone_id, a.item_id, a.pack_size, a.site_count, a.update_key,
        ${sql.raw(PARTS.map((p) => `${pick(p.part)} as ${p.part}`).join(', '))},
        ${sql.raw(KEPT_FLAGS.map((f) => `${flagSql(f)} as ${f}`).join(', '))},
        ${sql.raw(flagSql('is_uniform'))} as others_uniform
      from a left join m on m.zone_id = a.zone_id and m.item_id = a.item_id and m.pack_size = a.pack_size)`;
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

/** Enough memory to group a large batch in memory rather than sort it on disk (this transaction only). */
export const summaryWorkMem = (ex: Executor) => ex.execute(sql`set local work_mem = '64MB'`);

/**
 * Recompute the summary rows in scope; rows whose item no longer exists at any site of the zone
 * go (unless `keepRows`: the caller removed nothing). Uniform items (nearly all) are summarised with
 * hash aggregates; mode() sorts run only for the items whose sites disagree.
 */
export async function refreshZoneSummary(
  ex: Executor,
  scope: RefreshScope = {},
  keepRows = false,
): Promise<void> {
  const zf = zoneFilter(scope.zoneIds, 'zs');
  await summaryWorkMem(ex);
  const ctes = summaryCtes(
    sql`site_items si join zone_sites zs on zs.site_id = si.site_id`,
    sql`${zf} and ${itemFilter(scope.items, 'si')}`,
    // The item filter again, on the view's own columns: the planner pushes it into both of the
    // view's branches (a join condition from CTE a alone read every store row of the database).
    sql`a join site_items si on si.item_id = a.item_id and si.pack_size = a.pack_size
        and ${itemFilter(scope.items, 'si')}
      join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = a.zone_id`,
  );
  await ex.execute(sql`with ${ctes} ${SUMMARY_UPSERT}`);
  if (keepRows) return;
  // Summary rows in scope whose item is gone from every site of the zone.
  await ex.execute(sql`
    delete from zone_items zi
    where ${zoneFilter(scope.zoneIds, 'zi')} and ${itemFilter(scope.items, 'zi')}
      and not exists (
        select 1 from site_items si join zone_sites zs on zs.site_id = si.site_id
        where zs.zone_id = zi.zone_id and si.item_id = zi.item_id and si.pack_size = zi.pack_size and not si.deleted)
  `);
}
