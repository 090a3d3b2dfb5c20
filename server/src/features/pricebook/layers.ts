/**
 * The two layers a site's row comes from (docs/architecture.md, "Storage"): its base zone's row in
 * base_items, or its own row in site_exceptions. The site_items view reads them as one; these are
 * the set-based steps the write path uses on them.
 */
import { itemKey } from '@cpb/domain';
import { type SQL, sql } from 'drizzle-orm';
import { itemKeyArrays, pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { FIELDS, type FieldName, VALUE_COLUMNS, valueColumns } from './fields';
import type { ItemKey } from './summary';

/** Every write sets a row's version to the next value of this sequence (migration 0003). */
export const NEXT_VERSION = sql.raw(`nextval('site_item_version_seq')`);

/** The columns of a history row written for one site (site_id) or for many (site_ids). */
export const HISTORY_COLUMNS = sql.raw(
  'item_id, pack_size, changed_by, source, dept, sub, unit_list, values_after',
);

/** Sites whose base zone is this zone: they carry its base rows unless they have their own. */
export async function baseSitesOf(ex: Executor, zoneId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    ex,
    sql`select id from sites where base_zone_id = ${zoneId} order by id`,
  );
  return found.map((r) => r.id);
}

/**
 * `(alias.item_id, alias.pack_size) in (the keys)`, led by `alias.item_id = any(ids)`: a plain
 * condition the planner can push into both branches of the site_items view (a semi-join alone
 * it cannot, and would read every site row first).
 */
export function keysIn(alias: string, keys: readonly ItemKey[]): SQL {
  const { ids, packs } = itemKeyArrays(keys);
  const a = sql.raw(alias);
  return sql`${a}.item_id = any(${ids}) and (${a}.item_id, ${a}.pack_size) in (select * from unnest(${ids}, ${packs}))`;
}

/**
 * The keys as a table `k(item_id, pack_size)`, one row each (duplicates dropped here), for a
 * statement on the layers' tables. Not keysIn: its `item_id = any(ids)`, which the view needs,
 * costs the planner an estimate per key against the own rows' statistics (tens of ms at 5,000).
 */
export function keysTable(keys: readonly ItemKey[]): SQL {
  const unique = [...new Map(keys.map((k) => [itemKey(k.itemId, k.packSize), k])).values()];
  const { ids, packs } = itemKeyArrays(unique);
  return sql`unnest(${ids}, ${packs}) as k(item_id, pack_size)`;
}

/**
 * Gives each of these sites its own row of the items where it carries its base zone's row, with
 * the same values and version (what the site has does not change), so that a write can then set
 * the site apart from the rest of its base zone.
 */
export async function ownRowsAt(ex: Executor, siteIds: number[], keys: readonly ItemKey[]) {
  if (siteIds.length === 0 || keys.length === 0) return;
  await ex.execute(sql`
    insert into site_exceptions (site_id, item_id, pack_size, ${sql.raw(VALUE_COLUMNS.join(', '))},
      deleted, version, updated_at, updated_by)
    select s.id, b.item_id, b.pack_size, ${sql.raw(valueColumns('b'))}, false, b.version, b.updated_at, b.updated_by
    from ${keysTable(keys)} join base_items b on b.item_id = k.item_id and b.pack_size = k.pack_size
    join sites s on s.base_zone_id = b.zone_id
    where s.id = any(${pgArray(siteIds, 'int')})
    on conflict (site_id, item_id, pack_size) do nothing`);
}

/** What a coverage write learns of its items before it writes them (coverageFacts). */
export interface CoverageFacts<T extends ItemKey> {
  /** Items whose base row should move with the write. */
  movers: T[];
  /** Items whose written values equal their base row's: only their own rows at the covered stores can fold after it. */
  sameAsBase: T[];
  /** Whether any covered store has an own row (live or removed) of any of the items. */
  ownAtCovered: boolean;
  /** Per item with a base row in the zone (itemKey), what the zone summary's majority step needs. */
  perItem: Map<string, ItemFacts>;
}

/** One item's rows before a coverage write, at the zone's base stores the facts read. */
export interface ItemFacts {
  /** Own rows (live or removed) at the stores the write leaves out. */
  ownLeftOut: number;
  /** Removed own rows at the covered stores. */
  removedCovered: number;
  /** The base row's value of each written column, as text. */
  base: Array<string | null>;
  /** Per written column: a live own row at a store left out holds another value than the base row. */
  differsLeftOut: boolean[];
  /** Per written column: the written value is another than the base row's. */
  writtenDiffers: boolean[];
}

/**
 * One read of the items' base rows and of their own rows at the zone's base stores, for a
 * coverage write (an item the zone has no base row of is carried by own rows alone: it counts
 * for `ownAtCovered` and nothing else). An item's base row moves with the write when the zone has one and fewer
 * excluded stores read it (each would need its own row with the old values) than covered stores
 * read it (each would need its own row with the new values). `values` is the changes' CTE
 * `v(item_id, pack_size, f0, ...)` (write.ts) with the columns it sets, in order.
 */
export async function coverageFacts<T extends ItemKey>(
  ex: Executor,
  o: { zoneId: number; items: readonly T[]; covered: number[]; excluded: number[] },
  values: { cte: SQL; cols: readonly string[] },
): Promise<CoverageFacts<T>> {
  if (o.covered.length === 0 || o.items.length === 0)
    return { movers: [], sameAsBase: [], ownAtCovered: false, perItem: new Map() };
  const x = pgArray(o.excluded, 'int');
  const c = pgArray(o.covered, 'int');
  const cols = values.cols;
  const perCol = (f: (col: string, i: number) => string) =>
    sql.raw(cols.map((col, i) => `, ${f(col, i)}`).join(''));
  const same = cols.length
    ? sql.raw(
        `bool_and((${cols.map((_, i) => `v.f${i}`).join(', ')}) is not distinct from (${cols.map((col) => `b.${col}`).join(', ')}))`,
      )
    : sql`true`;
  type Row = {
    item_id: string;
    pack_size: number;
    based: boolean;
    moves: boolean;
    same: boolean;
    own: number;
    own_x: number;
    removed_c: number;
  } & Record<string, string | boolean | null>;
  const found = await rows<Row>(
    ex,
    sql`with ${values.cte}
      select v.item_id, v.pack_size, b.item_id is not null as based,
        b.item_id is not null and ${o.excluded.length} - count(e.site_id) filter (where e.site_id = any(${x}))
          < ${o.covered.length} - count(e.site_id) filter (where e.site_id = any(${c})) as moves,
        b.item_id is not null and ${same} as same,
        count(e.site_id) filter (where e.site_id = any(${c}))::int as own,
        count(e.site_id) filter (where e.site_id = any(${x}))::int as own_x,
        count(e.site_id) filter (where e.site_id = any(${c}) and e.deleted)::int as removed_c
        ${perCol((col, i) => `b.${col}::text as x${i}`)}
        ${sql.join(
          cols.map(
            (col, i) =>
              sql`, coalesce(bool_or(e.site_id = any(${x}) and not e.deleted and ${sql.raw(`e.${col} is distinct from b.${col}`)}), false) as ${sql.raw(`dx${i}`)}`,
          ),
        )}
        ${perCol((col, i) => `bool_or(v.f${i} is distinct from b.${col}) as dc${i}`)}
      from v
      left join base_items b on b.zone_id = ${o.zoneId} and b.item_id = v.item_id and b.pack_size = v.pack_size
      left join site_exceptions e on e.item_id = v.item_id and e.pack_size = v.pack_size
        and (e.site_id = any(${x}) or e.site_id = any(${c}))
      group by v.item_id, v.pack_size, b.zone_id, b.item_id, b.pack_size`,
  );
  const pick = (which: (r: Row) => boolean) => {
    const set = new Set(found.filter(which).map((r) => itemKey(r.item_id, r.pack_size)));
    return set.size ? o.items.filter((i) => set.has(itemKey(i.itemId, i.packSize))) : [];
  };
  const perItem = new Map<string, ItemFacts>();
  for (const r of found) {
    if (!r.based) continue;
    perItem.set(itemKey(r.item_id, r.pack_size), {
      ownLeftOut: r.own_x,
      removedCovered: r.removed_c,
      base: cols.map((_, i) => r[`x${i}`] as string | null),
      differsLeftOut: cols.map((_, i) => r[`dx${i}`] === true),
      writtenDiffers: cols.map((_, i) => r[`dc${i}`] === true),
    });
  }
  return {
    movers: pick((r) => r.moves),
    sameAsBase: pick((r) => r.same),
    ownAtCovered: found.some((r) => r.own > 0),
    perItem,
  };
}

/** Which own rows a fold may delete: see foldOwnRows. */
interface FoldOptions {
  zoneId: number;
  items: readonly ItemKey[];
  siteIds: number[];
  except?: readonly FieldName[];
  baseMoved?: boolean;
}

/**
 * Folds stores' own rows into their base zone's row where they hold the same values (live rows
 * only: a removed item stays removed). With `except` (the fields a write is about to set on both),
 * only those fields may differ, and only the zone's own base stores among `siteIds` fold: the
 * write then reaches them through the base row. Without it, every base store of the zone (unless
 * `baseMoved` is false: the write did not move the items' base rows, so only the stores it wrote
 * can now equal them) and every store of `siteIds` folds the items whose rows are equal now. The
 * store reads the base row from then on; the zone summary's UpdateKey keeps the larger version it
 * had (summary.ts).
 */
export async function foldOwnRows(
  ex: Executor,
  o: FoldOptions,
): Promise<{ folded: number; sites: number[] }> {
  const r = await fold(ex, o, null);
  return { folded: r.folded, sites: r.sites };
}

/**
 * foldOwnRows before a write (`except`: the fields it sets), and in the same statement whether
 * any live own row of the items is left at the stores `left`: none left, the write reaches all of
 * them through the base rows.
 */
export async function foldBeforeWrite(
  ex: Executor,
  o: FoldOptions & { except: readonly FieldName[]; left: number[] },
): Promise<{ folded: number; ownRowsLeft: boolean }> {
  const r = await fold(ex, o, o.left.length ? o.left : null);
  return { folded: r.folded, ownRowsLeft: r.left > 0 };
}

async function fold(
  ex: Executor,
  o: FoldOptions,
  left: number[] | null,
): Promise<{ folded: number; sites: number[]; left: number }> {
  if (o.items.length === 0) return { folded: 0, sites: [], left: 0 };
  const except = new Set((o.except ?? []).map((f) => FIELDS[f].col));
  const cols = VALUE_COLUMNS.filter((c) => !except.has(c));
  const sites = pgArray(o.siteIds, 'int');
  const which = o.except
    ? sql`e.site_id = any(${sites}) and s.base_zone_id = ${o.zoneId}`
    : o.baseMoved === false
      ? sql`e.site_id = any(${sites})`
      : sql`(s.base_zone_id = ${o.zoneId} or e.site_id = any(${sites}))`;
  const none = (o.except || o.baseMoved === false) && o.siteIds.length === 0;
  if (none && !left) return { folded: 0, sites: [], left: 0 };
  const same = cols.length
    ? sql.raw(
        `(${cols.map((c) => `e.${c}`).join(', ')}) is not distinct from (${cols.map((c) => `b.${c}`).join(', ')})`,
      )
    : sql`true`;
  // The live own rows at `left` before the delete (the statement's snapshot), less those it deletes there.
  const leftSql = left
    ? sql`, (select count(*)::int from site_exceptions e join ${keysTable(o.items)}
          on e.item_id = k.item_id and e.pack_size = k.pack_size
          where not e.deleted and e.site_id = any(${pgArray(left, 'int')}))
        - (select count(*)::int from del where site_id = any(${pgArray(left, 'int')})) as own_left`
    : sql``;
  const [r] = await rows<{ n: number; sites: number[]; own_left?: number }>(
    ex,
    sql`with del as (
      delete from site_exceptions e using ${keysTable(o.items)}, sites s, base_items b
      where e.item_id = k.item_id and e.pack_size = k.pack_size
        and s.id = e.site_id and b.zone_id = s.base_zone_id and b.item_id = e.item_id and b.pack_size = e.pack_size
        and not e.deleted and ${none ? sql`false` : which}
        and ${same}
      returning e.site_id)
    select count(*)::int n, coalesce(array_agg(distinct site_id), '{}') as sites ${leftSql} from del`,
  );
  return { folded: r.n, sites: r.sites, left: r.own_left ?? 0 };
}

/**
 * Base rows where a zone's stores agree; a site without a base zone takes its first zone (the
 * SQL function of migration 0004). Seeds and fixtures run it after loading site rows.
 */
export async function settleBaseRows(ex: Executor) {
  await ex.execute(sql`select settle_base_rows()`);
}
