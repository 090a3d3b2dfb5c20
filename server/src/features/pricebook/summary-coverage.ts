/**
 * The zone summary after a coverage write, without reading the stores' rows, for the items whose
 * written fields were uniform before it: all `site_count` live stores held the summary's value X,
 * the write gave `k` of them the value Y, so k stores hold Y and the rest X. The zone value is then
 * the more common of the two (nulls ignored), the flag says whether one value is left, and the
 * UpdateKey is at least the largest version the write gave. Where the stores did not agree before,
 * and every store of the zone has it as its base zone: if a strict majority of the live stores
 * reads the base row after the write, its value is the zone's, uniform when no live own row holds
 * another (one read of the items' own rows). Holds for a field that is its own summary part with
 * its own kept flag (description, list, cost); the other items (a tie, no majority, a row that
 * does not keep whether its other fields agree) are left to the recomputation (summary-written.ts).
 * The caller vouches that the write removed no store's item, added none, and that `written`
 * counts only rows the zone's stores read.
 */
import { itemKey } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { type PgScalar, pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { KEPT_FLAGS, type KeptFlag } from '../../db/fields';
import { FIELDS, type FieldName, type FieldValue } from './fields';
import type { ItemFacts } from './layers';
import { type ItemKey, MARGIN_SQL, PARTS } from './summary';
import { keptFlag, partFields, partOf, summaryValue } from './summary-parts';
import type { Written } from './written';

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

interface Follow {
  zoneId: number;
  fields: FieldName[];
  changes: readonly Change[];
  written: readonly Written[];
  /** The zone's stores, when each has the zone as its base zone and every base store is one of them. */
  zoneStores?: number[];
  /**
   * The items whose base row the write did not move and whose written values are not all the base
   * row's, with what the write read of their rows before it (coverageFacts), when the write covered
   * only base stores of the zone (`covered` of them) and removed none: the majority step then needs
   * no read of the stores' rows.
   */
  unmoved?: { items: ReadonlySet<string>; facts: ReadonlyMap<string, ItemFacts>; covered: number };
  /** The items' kept flags before the write, where the caller read them (WriteRequest.flagsBefore). */
  flagsBefore?: (c: ItemKey) => Readonly<Record<KeptFlag, boolean>> | undefined;
}

/** The margin and is_uniform assignments, given each written column's and flag's new SQL. */
function derived(o: Follow, colOf: (i: number) => string, flagOf: (i: number) => string) {
  const cols: string[] = o.fields.map((f) => FIELDS[f].col);
  const flagAfter = (flag: string) => {
    const mine = o.fields.flatMap((f, i) => (keptFlag(f) === flag ? [flagOf(i)] : []));
    return mine.length ? mine.join(' and ') : `zi.${flag}`;
  };
  const after = (col: string) => (cols.includes(col) ? `(${colOf(cols.indexOf(col))})` : `zi.${col}`);
  return [
    ...cols.map((c, i) => `${c} = ${colOf(i)}`),
    ...[...new Set(o.fields.map((f) => keptFlag(f) as string))].map((f) => `${f} = ${flagAfter(f)}`),
    `is_uniform = ${KEPT_FLAGS.map(flagAfter).join(' and ')} and zi.others_uniform`,
    'update_key = greatest(zi.update_key, v.key)',
    `margin = ${MARGIN_SQL.replaceAll('g.unit_list', after('unit_list'))
      .replaceAll('g.unit_cost', after('unit_cost'))
      .replaceAll('g.inv_type', 'zi.inv_type')}`,
    'refreshed_at = now()',
  ].join(', ');
}

/** A change with its item key, the stores written (k) and the largest version they got (key). */
interface Entry extends Change {
  id: string;
  k: number;
  key: string;
}

/** The changes once each, with what the write gave them (`written`). */
function entriesOf(o: Follow): Entry[] {
  const per = new Map<string, { k: number; key: bigint }>();
  for (const w of o.written) {
    const id = itemKey(w.item_id, w.pack_size);
    const p = per.get(id) ?? { k: 0, key: 0n };
    p.k += w.sites;
    if (w.sites > 0 && BigInt(w.version) > p.key) p.key = BigInt(w.version);
    per.set(id, p);
  }
  const entries = new Map<string, Entry>();
  for (const c of o.changes) {
    const id = itemKey(c.itemId, c.packSize);
    if (entries.has(id)) continue;
    const p = per.get(id);
    // Not a spread of c: 5,000 spreads cost 15-25 ms, the literal under 1.
    entries.set(id, {
      itemId: c.itemId,
      packSize: c.packSize,
      values: c.values,
      id,
      k: p?.k ?? 0,
      key: String(p?.key ?? 0n),
    });
  }
  return [...entries.values()];
}

/** CTE v: the changes' keys, k, the new key and (with `values`) the written values f0, f1 ... */
function changesCte(o: Follow, changes: readonly Entry[], values: boolean) {
  const arrays = values
    ? o.fields.map((f) =>
        pgArray(
          changes.map((c) => (c.values[f] === undefined ? null : (c.values[f] as FieldValue))),
          FIELDS[f].type,
        ),
      )
    : [];
  const names = values ? o.fields.map((_, i) => `, f${i}`).join('') : '';
  const ids = pgArray(
    changes.map((c) => c.itemId),
    'text',
  );
  const packs = pgArray(
    changes.map((c) => c.packSize),
    'int',
  );
  const ks = pgArray(
    changes.map((c) => c.k),
    'int',
  );
  const keys = pgArray(
    changes.map((c) => c.key),
    'bigint',
  );
  const more = arrays.length ? sql`, ${sql.join(arrays, sql`, `)}` : sql``;
  return sql`v as (select * from unnest(${ids}, ${packs}, ${ks}, ${keys}${more})
    as v(item_id, pack_size, k, key${sql.raw(names)}))`;
}

/** The items whose written fields were uniform before: set from k alone. Answers those set. */
async function fromUniform(ex: Executor, o: Follow, changes: readonly Entry[]) {
  const cols: string[] = o.fields.map((f) => FIELDS[f].col);
  // zi: the value every live store held; v: the written one.
  const same = (i: number) =>
    `(zi.${cols[i]} is not distinct from v.f${i} or v.k = 0 or v.k = zi.site_count)`;
  const value = (
    i: number,
  ) => `case when ${same(i)} then case when v.k = zi.site_count then v.f${i} else zi.${cols[i]} end
      when v.f${i} is null then zi.${cols[i]} when zi.${cols[i]} is null then v.f${i}
      when v.k * 2 > zi.site_count then v.f${i} else zi.${cols[i]} end`;
  const flags = [...new Set(o.fields.map((f) => keptFlag(f) as string))];
  // A tie between two values (k = half the stores) is left to the recomputation.
  const tie = o.fields.map((_, i) => `(not ${same(i)} and v.k * 2 = zi.site_count)`).join(' or ');
  return rows<{ item_id: string; pack_size: number }>(
    ex,
    sql`with ${changesCte(o, changes, true)}
      update zone_items zi set ${sql.raw(derived(o, value, same))}
      from v where zi.zone_id = ${o.zoneId} and zi.item_id = v.item_id and zi.pack_size = v.pack_size
        and zi.others_uniform is not null and zi.site_count > 0 and v.k <= zi.site_count
        and ${sql.raw(flags.map((f) => `zi.${f}`).join(' and '))}
        and not (${sql.raw(tie)})
      returning zi.item_id, zi.pack_size`,
  );
}

/**
 * The items a strict majority of whose live stores read the base row after the write: its values
 * are the zone's. Answers those set.
 */
async function fromBaseMajority(ex: Executor, o: Follow, stores: number[], changes: readonly Entry[]) {
  const cols: string[] = o.fields.map((f) => FIELDS[f].col);
  const differs = cols
    .map((c, i) => `, coalesce(bool_or(not e.deleted and e.${c} is distinct from b.${c}), false) as d${i}`)
    .join('');
  const notNull = cols.map((c) => `b.${c} is not null`).join(' and ');
  // Per item, its own rows at the zone's stores (one index look-up each, no join of all of them).
  return rows<{ item_id: string; pack_size: number }>(
    ex,
    sql`with ${changesCte(o, changes, false)},
      w as (
        select v.*, ${stores.length} - o.n as readers, ${sql.raw(cols.map((c) => `b.${c} as b${c}`).join(', '))}
          ${sql.raw(cols.map((_, i) => `, o.d${i}`).join(''))}
        from v join base_items b on b.zone_id = ${o.zoneId} and b.item_id = v.item_id and b.pack_size = v.pack_size
        cross join lateral (select count(*) as n${sql.raw(differs)} from site_exceptions e
          where e.item_id = v.item_id and e.pack_size = v.pack_size and e.site_id = any(${pgArray(stores, 'int')})) o
        where ${sql.raw(notNull)})
      update zone_items zi set ${sql.raw(
        derived(
          o,
          (i) => `v.b${cols[i]}`,
          (i) => `not v.d${i}`,
        ),
      )}
      from w v where zi.zone_id = ${o.zoneId} and zi.item_id = v.item_id and zi.pack_size = v.pack_size
        and zi.others_uniform is not null and zi.site_count > 0 and v.readers * 2 > zi.site_count
      returning zi.item_id, zi.pack_size`,
  );
}

/**
 * fromBaseMajority for items the write did not move the base row of (Follow.unmoved), from what
 * it read before: every covered store now has an own row (the write's, or a removed one), so the
 * readers of the base row are the stores left out without one; a live own row holds another value
 * than the base row where one at a store left out did, or where the written value is another and
 * some covered store's row is live. Answers the items set.
 */
async function fromUnmoved(
  ex: Executor,
  o: Follow & { unmoved: NonNullable<Follow['unmoved']> },
  stores: number[],
  changes: readonly Entry[],
) {
  const cols: string[] = o.fields.map((f) => FIELDS[f].col);
  const { facts, covered } = o.unmoved;
  const known = changes.flatMap((c) => {
    const f = facts.get(c.id);
    return f?.base.every((b) => b !== null) ? [{ c, f }] : [];
  });
  if (known.length === 0) return [];
  const arr = (values: PgScalar[], type: string) => pgArray(values, type);
  const live = (f: ItemFacts) => covered - f.removedCovered > 0;
  const columns = [
    arr(
      known.map(({ c }) => c.itemId),
      'text',
    ),
    arr(
      known.map(({ c }) => c.packSize),
      'int',
    ),
    arr(
      known.map(({ c }) => c.key),
      'bigint',
    ),
    arr(
      known.map(({ f }) => stores.length - f.ownLeftOut - covered),
      'int',
    ),
    ...o.fields.map((f, i) =>
      arr(
        known.map(({ f: x }) => x.base[i]),
        FIELDS[f].type,
      ),
    ),
    ...o.fields.map((_, i) =>
      arr(
        known.map(({ f }) => f.differsLeftOut[i] || (live(f) && f.writtenDiffers[i])),
        'boolean',
      ),
    ),
  ];
  const names = [
    'item_id',
    'pack_size',
    'key',
    'readers',
    ...cols.map((c) => `b${c}`),
    ...cols.map((_, i) => `d${i}`),
  ];
  return rows<{ item_id: string; pack_size: number }>(
    ex,
    sql`with v as (select * from unnest(${sql.join(columns, sql`, `)}) as v(${sql.raw(names.join(', '))}))
      update zone_items zi set ${sql.raw(
        derived(
          o,
          (i) => `v.b${cols[i]}`,
          (i) => `not v.d${i}`,
        ),
      )}
      from v where zi.zone_id = ${o.zoneId} and zi.item_id = v.item_id and zi.pack_size = v.pack_size
        and zi.others_uniform is not null and zi.site_count > 0 and v.readers * 2 > zi.site_count
      returning zi.item_id, zi.pack_size`,
  );
}

/**
 * Sets the zone's summary rows of the changes it can (see above) and answers the items left to
 * recompute.
 */
export async function followCoverage(ex: Executor, o: Follow): Promise<ItemKey[]> {
  let left = entriesOf(o);
  const drop = (done: Array<{ item_id: string; pack_size: number }>) => {
    if (done.length === 0) return;
    const set = new Set(done.map((r) => itemKey(r.item_id, r.pack_size)));
    left = left.filter((c) => !set.has(c.id));
  };
  // fromUniform sets only items whose written fields' flags are all set; skip those known not to be.
  const flags = [...new Set(o.fields.map((f) => keptFlag(f) as KeptFlag))];
  const before = o.flagsBefore;
  const uniform = before
    ? left.filter((c) => {
        const was = before(c);
        return !was || flags.every((f) => was[f]);
      })
    : left;
  if (uniform.length) drop(await fromUniform(ex, o, uniform));
  const unmoved = o.unmoved;
  if (unmoved && left.length && o.zoneStores?.length) {
    const mine = left.filter((c) => unmoved.items.has(c.id));
    if (mine.length) drop(await fromUnmoved(ex, { ...o, unmoved }, o.zoneStores, mine));
  }
  if (left.length && o.zoneStores?.length) drop(await fromBaseMajority(ex, o, o.zoneStores, left));
  return left.map((c) => ({ itemId: c.itemId, packSize: c.packSize }));
}
