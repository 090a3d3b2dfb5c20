/**
 * The zone summary after a write that set some fields at rows that stay (a coverage write that
 * removes no store's item and adds none): only the written fields' parts can have changed, with
 * their flags, the margin, is_uniform and the UpdateKey. Those parts alone are recomputed from the
 * layers (summary.ts, layerCtes) and set with one update; the other columns stay as they are.
 *
 * Each part's zone value and flag come from one grouping per value, not from a join of aggregates
 * to the rows (the full refresh's mode CTEs): no step joins two CTEs, whose sizes the planner
 * cannot estimate and would join in a nested loop.
 */
import { itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { itemKeyArrays, pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { KEPT_FLAGS, ZONE_FIELDS } from '../../db/fields';
import { FIELDS, type FieldName } from './fields';
import {
  type ItemKey,
  type LayerOverride,
  layerCtes,
  MARGIN_SQL,
  PARTS,
  refreshZoneSummary,
  summaryWorkMem,
} from './summary';
import { partOf, type SummaryPart, summaryValue } from './summary-parts';
import { FEW_ITEMS } from './write-scope';

/**
 * The parts the fields are aggregated in, or null when a part's flag cannot be set from those
 * parts alone: a part counting only towards is_uniform (others_uniform would need every such
 * part), or a kept flag shared with a part not written.
 */
function writtenParts(fields: readonly FieldName[]): SummaryPart[] | null {
  const names = new Set(ZONE_FIELDS.filter((f) => fields.includes(f)).map(partOf));
  const parts = PARTS.filter((p) => names.has(p.part));
  if (parts.length === 0) return null;
  for (const p of parts) {
    if (p.uniform === 'is_uniform') return null;
    if (p.uniform && PARTS.some((q) => q.uniform === p.uniform && !names.has(q.part))) return null;
  }
  return parts;
}

/** zone_items' assignments from the summary row g of the parts; the rest from the row itself (zi). */
function assignments(parts: SummaryPart[]): string {
  const names = new Set(parts.map((p) => p.part));
  const cols = ZONE_FIELDS.filter((f) => names.has(partOf(f))).map(
    (f) => `${FIELDS[f].col} = ${summaryValue(f)}`,
  );
  const flag = (f: (typeof KEPT_FLAGS)[number]) => {
    const mine = parts.filter((p) => p.uniform === f);
    return mine.length ? mine.map((p) => `g.u_${p.part}`).join(' and ') : `zi.${f}`;
  };
  const set = [
    ...cols,
    ...KEPT_FLAGS.filter((f) => parts.some((p) => p.uniform === f)).map((f) => `${f} = ${flag(f)}`),
    `is_uniform = ${KEPT_FLAGS.map(flag).join(' and ')} and zi.others_uniform`,
    'update_key = greatest(zi.update_key, g.update_key, k.floor)',
    'refreshed_at = now()',
  ];
  const margin = ['unitList', 'unitCost', 'invType'] as const;
  if (margin.some((f) => names.has(partOf(f)))) {
    let m = MARGIN_SQL;
    for (const f of margin)
      if (!names.has(partOf(f))) m = m.replaceAll(`g.${partOf(f)}`, `zi.${FIELDS[f].col}`);
    set.push(`margin = ${m}`);
  }
  return set.join(', ');
}

/**
 * The CTEs that refresh the written fields' parts of the zones' summary rows of the items in CTE
 * `k` (item_id, pack_size, floor: a version each item's UpdateKey becomes at least, or null), and
 * a select list answering `<prefix>computed` and `<prefix>updated` (see writtenFieldsDone); null
 * when the fields' flags cannot be set from their parts alone. `override`: rows the statement
 * itself writes, read in place of the tables' (layerCtes).
 */
export function writtenFieldsSql(o: {
  zoneIds: number[];
  fields?: readonly FieldName[];
  parts?: SummaryPart[];
  override?: LayerOverride;
  /** At most FEW_ITEMS items in k: their own rows are read item by item (layerCtes). */
  fewItems?: boolean;
}) {
  const parts = o.parts ?? writtenParts(o.fields ?? []);
  if (!parts) return null;
  const n = (x: string) => sql.raw(`${o.override?.prefix ?? ''}${x}`);
  // One row per item, part and value: its live weight; then per item each part's most common value
  // (of values as common, the least; nulls ignored) and whether the live rows agree on it.
  const values = parts.map((p, i) => `case when p.i = ${i} then r.${p.part} end as v${i}`).join(', ');
  const perPart = parts
    .map(
      (
        p,
        i,
      ) => `(array_agg(v${i} order by n desc, v${i}) filter (where i = ${i} and n > 0 and v${i} is not null))[1] as ${p.part},
        count(*) filter (where i = ${i} and n > 0) <= 1 as u_${p.part}`,
    )
    .join(',\n        ');
  const ctes = sql`${layerCtes(o.zoneIds, true, parts, o.override, o.fewItems)},
      ${n('pv')} as (
        select r.zone_id, r.item_id, r.pack_size, p.i, ${sql.raw(values)},
          coalesce(sum(r.w) filter (where not r.deleted), 0) as n, max(r.version) as ver
        from ${n('r')} r cross join generate_series(0, ${sql.raw(String(parts.length - 1))}) as p(i)
        group by r.zone_id, r.item_id, r.pack_size, p.i, ${sql.raw(parts.map((_, i) => `v${i}`).join(', '))}),
      ${n('g')} as (
        select zone_id, item_id, pack_size, max(ver) as update_key,
        ${sql.raw(perPart)}
        from ${n('pv')} group by zone_id, item_id, pack_size
        having sum(n) filter (where i = 0) > 0),
      ${n('upd')} as (
        update zone_items zi set ${sql.raw(assignments(parts))}
        from ${n('g')} g join k on k.item_id = g.item_id and k.pack_size = g.pack_size
        where zi.zone_id = g.zone_id and zi.item_id = g.item_id and zi.pack_size = g.pack_size
          and zi.others_uniform is not null
        returning 1)`;
  const answer = sql`(select count(*) from ${n('g')})::int as ${n('computed')},
      (select count(*) from ${n('upd')})::int as ${n('updated')}`;
  return { ctes, answer };
}

/**
 * Whether the statement of writtenFieldsSql set every item's row in every zone (else the caller
 * refreshes them: refreshWrittenFieldsAfter).
 */
export const writtenFieldsDone = (a: { computed: number; updated: number }, items: number, zones: number) =>
  a.computed === a.updated && a.computed === items * zones;

/**
 * Refreshes the written fields' parts of the zones' summary rows of the items. Falls back to the
 * full refresh (keeping rows) when the fields' flags cannot be set alone, or for a row that does
 * not exist or does not keep whether its other fields agree (others_uniform null).
 *
 * `floor` (item key to a version): each item's UpdateKey becomes at least that version, e.g. the
 * write's where a store folded back to a base row older than the write. Answers whether it did so
 * for every item in every zone (false: the caller raises the keys itself).
 */
export async function refreshWrittenFields(
  ex: Executor,
  o: {
    zoneIds: number[];
    items: readonly ItemKey[];
    fields: readonly FieldName[];
    floor?: ReadonlyMap<string, string>;
  },
): Promise<boolean> {
  if (o.items.length === 0 || o.zoneIds.length === 0) return true;
  const parts = writtenParts(o.fields);
  const items = [...new Map(o.items.map((i) => [itemKey(i.itemId, i.packSize), i])).values()];
  if (!parts) {
    await refreshZoneSummary(ex, { zoneIds: o.zoneIds, items }, true);
    return false;
  }
  await summaryWorkMem(ex, items.length);
  const { ids, packs } = itemKeyArrays(items);
  const floors = pgArray(
    items.map((i) => o.floor?.get(itemKey(i.itemId, i.packSize)) ?? null),
    'bigint',
  );
  const fewItems = items.length <= FEW_ITEMS;
  const q = writtenFieldsSql({ zoneIds: o.zoneIds, parts, fewItems }) as NonNullable<
    ReturnType<typeof writtenFieldsSql>
  >;
  const [r] = await rows<{ computed: number; updated: number }>(
    ex,
    sql`with k as materialized (select * from unnest(${ids}, ${packs}, ${floors}) as k(item_id, pack_size, floor)),
      ${q.ctes}
      select ${q.answer}`,
  );
  if (writtenFieldsDone(r, items.length, o.zoneIds.length)) return true;
  if (r.computed !== r.updated) await refreshZoneSummary(ex, { zoneIds: o.zoneIds, items }, true);
  return false;
}
