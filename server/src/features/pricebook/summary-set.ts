/**
 * The zone summary after a write to a whole zone, without reading the site rows again: every live
 * row of the zone's items now has the written value in the written fields, so those fields are
 * uniform with that value, the other fields are as they were, and the UpdateKey is the largest
 * version the write gave. This holds for the fields whose uniform flag the summary keeps
 * (description, list, cost, department with sub-department); for any other field, or an item whose
 * overall flag cannot be told from the kept ones, the summary is recomputed from the rows.
 */
import { itemKey } from '@cpb/domain';
import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { KEPT_FLAGS, type KeptFlag } from '../../db/fields';
import { FIELDS, type FieldName, type FieldValue } from './fields';
import { MARGIN_SQL, refreshZoneSummary } from './summary';
import { keptFlag, partFields } from './summary-parts';
import type { Written } from './written';

/** Whether a write of these fields can set the summary directly (setZoneSummary) rather than recompute it. */
export const setsSummaryDirectly = (fields: FieldName[]) =>
  // Fields aggregated as one value (dept and sub) are set directly only when written together.
  fields.every((f) => keptFlag(f) && partFields(f).every((g) => fields.includes(g)));

/** What the summary's statement answers: zones' items whose overall flag is unknown, and the rows asked for. */
export interface SummaryAnswer {
  unknown: Array<{ zone_id: number; item_id: string; pack_size: number }>;
  rows: Record<string, unknown>[];
}

/**
 * The summary's statement for fields set directly, as CTEs over `source`, a CTE of (item_id,
 * pack_size, key, f0, f1 ...): the written values in the order of `fields` and the new UpdateKey.
 * `answer` is a select list giving a SummaryAnswer (summary_unknown, summary_rows); `columns`
 * (aliases zi and z: zone_items, zones) are the rows' columns (of `zoneId`'s rows), none without
 * it. `also`: other zones whose every store the write reached through the same rows, set alike
 * (their summary takes the same values and key). Another statement of the write can carry the
 * CTEs (writeSiteItems does, for a small write).
 */
export function summarySql(o: {
  zoneId: number;
  also?: number[];
  fields: FieldName[];
  source: string;
  columns?: SQL;
}) {
  const flags = [...new Set(o.fields.map((f) => keptFlag(f) as KeptFlag))];
  const untouched = KEPT_FLAGS.filter((f) => !flags.includes(f));
  const after = (f: FieldName) =>
    o.fields.includes(f) ? `v.f${o.fields.indexOf(f)}` : `zi.${FIELDS[f].col}`;
  const set = [
    ...o.fields.map((f, i) => `${FIELDS[f].col} = v.f${i}`),
    ...flags.map((f) => `${f} = true`),
    // All four kept flags true now: uniform if it was before (the other fields did not change);
    // one untouched flag false: not uniform. Otherwise unknown: recomputed below.
    // Known when the row keeps whether the other fields agree (others_uniform).
    `is_uniform = coalesce(zi.others_uniform${untouched.map((f) => ` and zi.${f}`).join('')}, zi.is_uniform${untouched.map((f) => ` and zi.${f}`).join('')})`,
    `update_key = greatest(zi.update_key, v.key)`,
    `margin = ${MARGIN_SQL.replaceAll('g.unit_list', after('unitList'))
      .replaceAll('g.unit_cost', after('unitCost'))
      .replaceAll('g.inv_type', 'zi.inv_type')}`,
    `refreshed_at = now()`,
  ].join(', ');
  const src = sql.raw(o.source);
  // An item's overall flag is unknown where it was false, the row does not keep whether the other
  // fields agree, and every untouched flag is true. The update leaves those flags and, for such a
  // row, is_uniform as they were (see the set above), so the updated row tells it: no second read.
  const unknownIf = `not is_uniform and others_uniform is null${untouched.map((f) => ` and ${f}`).join('')}`;
  const flagColumns = `zi.zone_id, zi.item_id, zi.pack_size, zi.is_uniform, zi.others_uniform${untouched.map((f) => `, zi.${f}`).join('')}`;
  const zones = o.also?.length
    ? sql`zi.zone_id = any(${pgArray([o.zoneId, ...o.also], 'int')})`
    : sql`zi.zone_id = ${o.zoneId}`;
  const ctes = sql`zs_upd as (
        update zone_items zi set ${sql.raw(set)}
        from ${src} v where ${zones} and zi.item_id = v.item_id and zi.pack_size = v.pack_size
        returning ${o.columns ? sql`zi.*` : sql.raw(flagColumns)})`;
  const rowsOf = o.columns
    ? sql`(select coalesce(json_agg(x), '[]') from (select ${o.columns} from zs_upd zi join zones z on z.id = zi.zone_id
        where zi.zone_id = ${o.zoneId}) x)`
    : sql`'[]'::json`;
  const answer = sql`(select coalesce(json_agg(json_build_object('zone_id', zone_id, 'item_id', item_id, 'pack_size', pack_size)), '[]')
        from zs_upd where ${sql.raw(unknownIf)}) as summary_unknown,
      ${rowsOf} as summary_rows`;
  return { ctes, answer };
}

/**
 * Recomputes the zones' items whose overall flag the statement could not tell; the rows (of
 * `zoneId`) asked for when none of that zone needed it.
 */
export async function finishSummary(
  ex: Executor,
  zoneId: number,
  a: SummaryAnswer,
): Promise<Record<string, unknown>[] | undefined> {
  const byZone = new Map<number, Array<{ itemId: string; packSize: number }>>();
  for (const u of a.unknown) {
    const items = byZone.get(u.zone_id) ?? [];
    items.push({ itemId: u.item_id, packSize: u.pack_size });
    byZone.set(u.zone_id, items);
  }
  for (const [z, items] of byZone) await refreshZoneSummary(ex, { zoneIds: [z], items }, true);
  return byZone.has(zoneId) ? undefined : a.rows;
}

/**
 * Sets (or refreshes) the zone's summary rows of the written items. With `columns` (aliases zi and
 * z: zone_items, zones), answers the rows after the write with those columns when the statement that
 * set them could return them (every item set directly); otherwise undefined.
 */
export async function setZoneSummary(
  ex: Executor,
  o: {
    zoneId: number;
    fields: FieldName[];
    changes: Array<{ itemId: string; packSize: number; values: Partial<Record<FieldName, FieldValue>> }>;
    written: Written[];
    columns?: SQL;
  },
): Promise<Record<string, unknown>[] | undefined> {
  if (!setsSummaryDirectly(o.fields)) {
    await refreshZoneSummary(ex, { zoneIds: [o.zoneId], items: o.changes }, true);
    return undefined;
  }
  // The new key per item: the largest version given to a row a site of the zone reads.
  const key = new Map<string, bigint>();
  for (const w of o.written) {
    if (w.sites === 0) continue;
    const k = itemKey(w.item_id, w.pack_size);
    const v = BigInt(w.version);
    if (!key.has(k) || (key.get(k) as bigint) < v) key.set(k, v);
  }
  const changes = o.changes.filter((c) => key.has(itemKey(c.itemId, c.packSize)));
  if (changes.length === 0) return undefined;
  const arrays = o.fields.map((f) =>
    pgArray(
      changes.map((c) => (c.values[f] === undefined ? null : (c.values[f] as FieldValue))),
      FIELDS[f].type,
    ),
  );
  const cols = o.fields.map((_, i) => `, f${i}`).join('');
  const summary = summarySql({ zoneId: o.zoneId, fields: o.fields, source: 'v', columns: o.columns });
  const [a] = await rows<{ summary_unknown: SummaryAnswer['unknown']; summary_rows: SummaryAnswer['rows'] }>(
    ex,
    sql`with v as (select * from unnest(
        ${pgArray(
          changes.map((c) => c.itemId),
          'text',
        )}, ${pgArray(
          changes.map((c) => c.packSize),
          'int',
        )}, ${pgArray(
          changes.map((c) => String(key.get(itemKey(c.itemId, c.packSize)))),
          'bigint',
        )}${sql.raw(arrays.length ? ', ' : '')}${sql.join(arrays, sql`, `)})
        as v(item_id, pack_size, key${sql.raw(cols)})),
      ${summary.ctes}
      select ${summary.answer}`,
  );
  const rowsAfter = await finishSummary(ex, o.zoneId, { unknown: a.summary_unknown, rows: a.summary_rows });
  return o.columns ? rowsAfter : undefined;
}
