/**
 * The zone summary after a coverage write, without reading the stores' rows, for the items whose
 * written fields were uniform before it: all `site_count` live stores held the summary's value X,
 * the write gave `k` of them the value Y, so k stores hold Y and the rest X. The zone value is then
 * the more common of the two (nulls ignored), the flag says whether one value is left, and the
 * UpdateKey is at least the largest version the write gave. Holds for a field that is its own
 * summary part with its own kept flag (description, list, cost); an item with a flag false before,
 * a tie between X and Y, or a row that does not keep whether its other fields agree is left to
 * the recomputation (summary-written.ts). The caller vouches that the write removed no store's
 * item, added none, and that `written` counts only rows the zone's stores read.
 */
import { itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { KEPT_FLAGS } from '../../db/fields';
import { FIELDS, type FieldName, type FieldValue } from './fields';
import { type ItemKey, MARGIN_SQL, PARTS } from './summary';
import { keptFlag, partFields, partOf, summaryValue } from './summary-parts';

interface Written {
  item_id: string;
  pack_size: number;
  version: string;
  sites: number;
}

interface Change extends ItemKey {
  values: Partial<Record<FieldName, FieldValue>>;
}

/** Whether the summary of these fields can follow a coverage write from the counts alone. */
export const followsCoverage = (fields: readonly FieldName[]) =>
  fields.length > 0 &&
  fields.every((f) => {
    const col = FIELDS[f].col;
    const part = PARTS.find((p) => p.part === partOf(f));
    return (
      keptFlag(f) !== undefined &&
      partFields(f).length === 1 &&
      part?.expr === `si.${col}` &&
      summaryValue(f) === `g.${col}`
    );
  });

/**
 * Sets the zone's summary rows of the changes it can (see above) and answers the items left to
 * recompute.
 */
export async function followCoverage(
  ex: Executor,
  o: { zoneId: number; fields: FieldName[]; changes: readonly Change[]; written: readonly Written[] },
): Promise<ItemKey[]> {
  // Per item: the stores written (k) and the largest version they got.
  const per = new Map<string, { k: number; key: bigint }>();
  for (const w of o.written) {
    const id = itemKey(w.item_id, w.pack_size);
    const p = per.get(id) ?? { k: 0, key: 0n };
    p.k += w.sites;
    if (w.sites > 0 && BigInt(w.version) > p.key) p.key = BigInt(w.version);
    per.set(id, p);
  }
  const changes = [...new Map(o.changes.map((c) => [itemKey(c.itemId, c.packSize), c])).values()];
  const at = (c: Change) => per.get(itemKey(c.itemId, c.packSize)) ?? { k: 0, key: 0n };
  const arrays = o.fields.map((f) =>
    pgArray(
      changes.map((c) => (c.values[f] === undefined ? null : (c.values[f] as FieldValue))),
      FIELDS[f].type,
    ),
  );
  const cols: string[] = o.fields.map((f) => FIELDS[f].col);
  // x: the value every live store held; y: the written one.
  const same = (i: number) =>
    `(zi.${cols[i]} is not distinct from v.f${i} or v.k = 0 or v.k = zi.site_count)`;
  const value = (
    i: number,
  ) => `case when ${same(i)} then case when v.k = zi.site_count then v.f${i} else zi.${cols[i]} end
      when v.f${i} is null then zi.${cols[i]} when zi.${cols[i]} is null then v.f${i}
      when v.k * 2 > zi.site_count then v.f${i} else zi.${cols[i]} end`;
  const flags = o.fields.map((f) => keptFlag(f) as string);
  const flagAfter = (flag: string) => {
    const mine = o.fields.flatMap((f, i) => (keptFlag(f) === flag ? [same(i)] : []));
    return mine.length ? mine.join(' and ') : `zi.${flag}`;
  };
  const after = (col: string) => (cols.includes(col) ? `(${value(cols.indexOf(col))})` : `zi.${col}`);
  const assign = [
    ...cols.map((c, i) => `${c} = ${value(i)}`),
    ...[...new Set(flags)].map((f) => `${f} = ${flagAfter(f)}`),
    `is_uniform = ${KEPT_FLAGS.map(flagAfter).join(' and ')} and zi.others_uniform`,
    'update_key = greatest(zi.update_key, v.key)',
    `margin = ${MARGIN_SQL.replaceAll('g.unit_list', after('unit_list'))
      .replaceAll('g.unit_cost', after('unit_cost'))
      .replaceAll('g.inv_type', 'zi.inv_type')}`,
    'refreshed_at = now()',
  ].join(', ');
  // A tie between two values (k = half the stores) is left to the recomputation.
  const tie = o.fields.map((_, i) => `(not ${same(i)} and v.k * 2 = zi.site_count)`).join(' or ');
  const names = o.fields.map((_, i) => `, f${i}`).join('');
  const done = await rows<{ item_id: string; pack_size: number }>(
    ex,
    sql`with v as (select * from unnest(${pgArray(
      changes.map((c) => c.itemId),
      'text',
    )}, ${pgArray(
      changes.map((c) => c.packSize),
      'int',
    )}, ${pgArray(
      changes.map((c) => at(c).k),
      'int',
    )}, ${pgArray(
      changes.map((c) => String(at(c).key)),
      'bigint',
    )}, ${sql.join(arrays, sql`, `)}) as v(item_id, pack_size, k, key${sql.raw(names)}))
      update zone_items zi set ${sql.raw(assign)}
      from v where zi.zone_id = ${o.zoneId} and zi.item_id = v.item_id and zi.pack_size = v.pack_size
        and zi.others_uniform is not null and zi.site_count > 0 and v.k <= zi.site_count
        and ${sql.raw([...new Set(flags)].map((f) => `zi.${f}`).join(' and '))}
        and not (${sql.raw(tie)})
      returning zi.item_id, zi.pack_size`,
  );
  const set = new Set(done.map((r) => itemKey(r.item_id, r.pack_size)));
  return changes
    .filter((c) => !set.has(itemKey(c.itemId, c.packSize)))
    .map((c) => ({ itemId: c.itemId, packSize: c.packSize }));
}
