/**
 * The zone summary after a write to a whole zone, without reading the site rows again: every live
 * row of the zone's items now has the written value in the written fields, so those fields are
 * uniform with that value, the other fields are as they were, and the UpdateKey is the largest
 * version the write gave. This holds for the fields whose uniform flag the summary keeps
 * (description, list, cost, department with sub-department); for any other field, or an item whose
 * overall flag cannot be told from the kept ones, the summary is recomputed from the rows.
 */
import { itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { KEPT_FLAGS, type KeptFlag } from '../../db/fields';
import { FIELDS, type FieldName, type FieldValue } from './fields';
import { MARGIN_SQL, refreshZoneSummary } from './summary';
import { keptFlag, partFields } from './summary-parts';

interface Written {
  item_id: string;
  pack_size: number;
  version: string;
  sites: number;
}

export async function setZoneSummary(
  ex: Executor,
  o: {
    zoneId: number;
    fields: FieldName[];
    changes: Array<{ itemId: string; packSize: number; values: Partial<Record<FieldName, FieldValue>> }>;
    written: Written[];
  },
): Promise<void> {
  // Fields aggregated as one value (dept and sub) are set directly only when written together.
  const direct = o.fields.every((f) => keptFlag(f) && partFields(f).every((g) => o.fields.includes(g)));
  if (!direct) {
    await refreshZoneSummary(ex, { zoneIds: [o.zoneId], items: o.changes }, true);
    return;
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
  if (changes.length === 0) return;
  const flags = [...new Set(o.fields.map((f) => keptFlag(f) as KeptFlag))];
  const untouched = KEPT_FLAGS.filter((f) => !flags.includes(f));
  const arrays = o.fields.map((f) =>
    pgArray(
      changes.map((c) => (c.values[f] === undefined ? null : (c.values[f] as FieldValue))),
      FIELDS[f].type,
    ),
  );
  const cols = o.fields.map((_, i) => `, f${i}`).join('');
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
  const unknown = await rows<{ item_id: string; pack_size: number }>(
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
      old as (
        select zi.item_id, zi.pack_size, zi.is_uniform, zi.others_uniform${sql.raw(untouched.map((f) => `, zi.${f}`).join(''))}
        from zone_items zi join v on zi.item_id = v.item_id and zi.pack_size = v.pack_size
        where zi.zone_id = ${o.zoneId}),
      upd as (
        update zone_items zi set ${sql.raw(set)}
        from v where zi.zone_id = ${o.zoneId} and zi.item_id = v.item_id and zi.pack_size = v.pack_size
        returning 1)
      select item_id, pack_size from old
      where not is_uniform and others_uniform is null${sql.raw(untouched.map((f) => ` and ${f}`).join(''))}`,
  );
  if (unknown.length) {
    await refreshZoneSummary(
      ex,
      { zoneIds: [o.zoneId], items: unknown.map((u) => ({ itemId: u.item_id, packSize: u.pack_size })) },
      true,
    );
  }
}
