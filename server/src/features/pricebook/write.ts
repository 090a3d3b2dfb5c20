/**
 * The one way site rows change. A write sets the same fields on every selected item (each item
 * with its own values) at every site of the coverage; then the summary of every impacted zone is
 * refreshed. A write to a whole zone sets the zone's base rows (one row per item, one history row
 * per item naming the stores it covered) and only the stores' own rows one by one; a write to a
 * list of stores gives each its own row. Runs inside the caller's transaction: all or nothing.
 */
import { itemKey, msg, parseItemKey } from '@cpb/domain';
import { type SQL, sql } from 'drizzle-orm';
import { itemKeyArrays, pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { KeptFlag } from '../../db/fields';
import { AppError } from '../../lib/errors';
import {
  FIELDS,
  type FieldName,
  type FieldValue,
  HISTORY_VALUES,
  historyValues,
  VALUE_COLUMNS,
} from './fields';
import { type GuestAnswer, type GuestJson, guestAnswer, guestSql, writeGuestRows } from './guest-rows';
import {
  coverageFacts,
  foldBeforeWrite,
  foldOwnRows,
  HISTORY_COLUMNS,
  keysIn,
  NEXT_VERSION,
  ownRowsAt,
} from './layers';
import { type ItemKey, refreshZoneSummary, summaryWorkMem } from './summary';
import { followCoverage, followsCoverage } from './summary-coverage';
import {
  finishSummary,
  type SummaryAnswer,
  setsSummaryDirectly,
  setZoneSummary,
  summarySql,
} from './summary-set';
import { refreshWrittenFields, writtenFieldsDone, writtenFieldsSql } from './summary-written';
import { assertInScope, FEW_ITEMS, type WriteScope } from './write-scope';
import { type Written, type WrittenJson, writtenOf } from './written';

export { NEXT_VERSION } from './layers';

export interface ItemChange extends ItemKey {
  values: Partial<Record<FieldName, FieldValue>>;
  /** The UpdateKey the client saw; a different current key fails the write (optimistic concurrency). */
  updateKey?: string | null;
}

export interface WriteRequest {
  ex: Executor;
  /** From beginWrite(): the stores the user may write, the zones locked. */
  scope: WriteScope;
  user: string;
  /** History source: 'Item Adjustment', a batch dialog's name, 'Pricing event' ... */
  source: string;
  zoneId: number;
  fields: FieldName[];
  changes: ItemChange[];
  /**
   * Coverage as the batch request sends it: a positive site ID is updated (zone or outside site),
   * a negative one has the item removed; zone sites not listed get no change. Omitted: every
   * site of the zone is updated.
   */
  coverage?: number[] | null;
  /** The caller compared the UpdateKeys with the zone's current ones after beginWrite locked it. */
  keysChecked?: boolean;
  /**
   * False: the caller read after beginWrite that no item of the changes has a live own row at any
   * store (loadForWrite), so a whole-zone write whose stores all read the zone's base rows has no
   * own rows to fold or to write, and skips those steps. Omitted: not known.
   */
  ownRows?: boolean;
  /**
   * False: the caller read after beginWrite that no item of the changes has a live own row at a
   * store whose base zone is this zone, so there is nothing to fold or to write there before the
   * write's own steps. Omitted: not known.
   */
  ownRowsAtBase?: boolean;
  /** The rows of layoutQuery(zoneId, named), when the caller read them after beginWrite (used when named are the coverage's SetupIDs). */
  layout?: { named: number[]; rows: LayoutRow[] };
  /**
   * Columns (aliases zi, z: zone_items, zones) of the zone's summary rows of the items after the
   * write, e.g. for a grid edit's answer: given back when the summary statement can return them
   * (WriteResult.summary), which saves a read.
   */
  summaryColumns?: SQL;
  /**
   * The zone summary's kept flags (KeptFlag) of an item as the caller read them after beginWrite
   * locked the zone; undefined where not read. A coverage write sets the summary from counts only
   * where the written fields' flags were all set (summary-coverage.ts), and skips that step for
   * the items this says were not. A stale answer costs time, never a wrong summary: the other
   * steps hold for any item.
   */
  flagsBefore?: (c: ItemKey) => Readonly<Record<KeptFlag, boolean>> | undefined;
}

/**
 * Up to this many items, a whole-zone write whose stores hold no own row of them sets the zone
 * summary in its base-row statement (5,000 items on PGlite: 367 ms for the one statement against
 * 302 + 145 for two, which read the written values again).
 */
const INLINE_SUMMARY_MAX = 10_000;

export interface WriteResult {
  items: number;
  siteRows: number;
  removed: number;
  zones: number[];
  /** With `summaryColumns`: the zone's summary rows after the write, when they came with it. */
  summary?: Record<string, unknown>[];
}

export async function zoneSiteIds(ex: Executor, zoneId: number): Promise<number[]> {
  const found = await rows<{ site_id: number }>(
    ex,
    sql`select site_id from zone_sites where zone_id = ${zoneId} order by priority`,
  );
  return found.map((r) => r.site_id);
}

/**
 * Fails with 409 if any UpdateKey differs from the zone's current key (zone_items.update_key). The
 * zone's write lock (beginWrite) keeps the key from changing until the transaction ends.
 */
export async function checkUpdateKeys(ex: Executor, zoneId: number, changes: ItemChange[]): Promise<void> {
  const keyed = changes.filter((c) => c.updateKey != null && c.updateKey !== '');
  if (keyed.length === 0) return;
  const { ids, packs } = itemKeyArrays(keyed);
  const current = await rows<{ item_id: string; pack_size: number; key: string }>(
    ex,
    sql`select zi.item_id, zi.pack_size, zi.update_key::text as key from zone_items zi
      where zi.zone_id = ${zoneId} and (zi.item_id, zi.pack_size) in (select * from unnest(${ids}, ${packs}))`,
  );
  assertCurrentKeys(keyed, new Map(current.map((r) => [itemKey(r.item_id, r.pack_size), r.key])));
}

/** 409 naming the items whose UpdateKey is not the current one (`now`: item key to current key). */
export function assertCurrentKeys(changes: ItemChange[], now: Map<string, string>): void {
  const stale = changes.filter(
    (c) =>
      c.updateKey != null &&
      c.updateKey !== '' &&
      now.get(itemKey(c.itemId, c.packSize)) !== String(c.updateKey),
  );
  if (stale.length) {
    throw new AppError(
      'CONFLICT',
      `${msg('STALE_UPDATE_KEY')} (${listSome(stale.map((c) => itemKey(c.itemId, c.packSize)))})`,
    );
  }
}

/** The first ten of a list, then how many more. */
export function listSome(keys: string[], max = 10): string {
  return keys.length <= max
    ? keys.join(', ')
    : `${keys.slice(0, max).join(', ')} and ${keys.length - max} more`;
}

/** A row of the layout statement (layoutQuery). */
export interface LayoutRow {
  site_id: number;
  base_zone_id: number | null;
  zone_id: number | null;
  priority: number | null;
  zone_size: number | null;
}

/**
 * The write's layout, read after beginWrite's locks: the zone's stores (by priority), its base
 * stores (they read its base rows) and, per store the write names (`named`: the coverage's
 * SetupIDs), the zones holding it. A caller may read it beside its own read (WriteRequest.layout).
 */
export const layoutQuery = (zoneId: number, named: number[]) =>
  sql`select s.id as site_id, s.base_zone_id, zs.zone_id, zs.priority, n.size::int as zone_size
      from sites s left join zone_sites zs on zs.site_id = s.id
        left join (select zone_id, count(*) size from zone_sites group by zone_id) n on n.zone_id = zs.zone_id
      where s.base_zone_id = ${zoneId} or s.id = any(${pgArray(named, 'int')})
        or s.id in (select site_id from zone_sites where zone_id = ${zoneId})`;

async function readLayout(ex: Executor, zoneId: number, named: number[]) {
  return layoutOf(zoneId, await rows<LayoutRow>(ex, layoutQuery(zoneId, named)));
}

const sameSet = (a: number[], b: number[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

function layoutOf(zoneId: number, found: LayoutRow[]) {
  const zoneSites = found
    .filter((r) => r.zone_id === zoneId)
    .sort((a, b) => (a.priority as number) - (b.priority as number) || a.site_id - b.site_id)
    .map((r) => r.site_id);
  const baseSites = [...new Set(found.filter((r) => r.base_zone_id === zoneId).map((r) => r.site_id))].sort(
    (a, b) => a - b,
  );
  /** The zones holding any of these stores (zonesOfSites), ascending. */
  const zonesOf = (sites: number[]) => {
    const want = new Set(sites);
    const zones = found
      .filter((r) => r.zone_id !== null && want.has(r.site_id))
      .map((r) => r.zone_id as number);
    return [...new Set(zones)].sort((a, b) => a - b);
  };
  /** Of these zones, those whose every store is among `sites`. */
  const within = (zones: number[], sites: number[]) => {
    const set = new Set(sites);
    return zones.filter((z) => {
      const mine = found.filter((r) => r.zone_id === z);
      return mine.length > 0 && mine.every((r) => set.has(r.site_id)) && mine.length === mine[0].zone_size;
    });
  };
  return {
    zoneSites,
    baseSites,
    zonesOf,
    within,
    baseOf: new Map(found.map((r) => [r.site_id, r.base_zone_id])),
  };
}

function resolveCoverage(scope: WriteScope, zoneSites: number[], coverage: number[] | null | undefined) {
  if (!coverage)
    return { update: zoneSites, remove: [] as number[], outside: [] as number[], wholeZone: true };
  const update = [...new Set(coverage.filter((s) => s > 0))];
  const remove = [...new Set(coverage.filter((s) => s < 0).map((s) => -s))];
  // beginWrite checked the coverage it was given; a coverage it was not given is refused here.
  assertInScope(scope, { siteIds: [...update, ...remove] });
  const outside = update.filter((s) => !zoneSites.includes(s));
  // A coverage naming every site of the zone and removing none is a write to the whole zone.
  const wholeZone = remove.length === 0 && zoneSites.every((s) => update.includes(s));
  return { update, remove, outside, wholeZone };
}

/**
 * Apply the changes; see WriteRequest. Must run inside the transaction beginWrite() opened: a
 * stale UpdateKey throws before anything is written and any error rolls the whole write back.
 */
export async function writeSiteItems(req: WriteRequest): Promise<WriteResult> {
  const { ex, zoneId, changes } = req;
  if (changes.length === 0) return { items: 0, siteRows: 0, removed: 0, zones: [] };
  if (req.scope.zoneId !== zoneId) throw new Error('writeSiteItems: the scope is for another zone');
  const named = (req.coverage ?? []).map(Math.abs);
  const given = req.layout && sameSet(req.layout.named, named) ? req.layout.rows : null;
  const layout = given ? layoutOf(zoneId, given) : await readLayout(ex, zoneId, named);
  const { update, remove, outside, wholeZone } = resolveCoverage(req.scope, layout.zoneSites, req.coverage);
  const zones = layout.zonesOf([...update, ...remove]);
  assertInScope(req.scope, { zoneIds: zones });
  if (!req.keysChecked) await checkUpdateKeys(ex, zoneId, changes);

  // Per item, the zone's base row moves with the write (the stores it leaves out keep their old
  // values as own rows) or the covered stores get own rows: whichever writes fewer rows (layers.ts).
  const baseSites = layout.baseSites;
  const isBase = new Set(baseSites);
  const coveredBase = update.filter((s) => isBase.has(s));
  const excluded = wholeZone ? [] : baseSites.filter((s) => !update.includes(s) && !remove.includes(s));
  // Every store reads the zone's base rows and none has an own row of the items (none anywhere, or
  // none left once the fold below ran): the write reaches them all through the base rows.
  const allBase = wholeZone && update.every((s) => isBase.has(s));
  // No live own row at the zone's base stores (read after beginWrite; ownRowsAt below makes them
  // only at stores the write leaves out).
  const noneAtBase = req.ownRows === false || req.ownRowsAtBase === false || layout.baseSites.length === 0;
  let noOwnRows = noneAtBase && allBase;
  const otherBase =
    update.some((s) => layout.baseOf.get(s) !== zoneId) || baseSites.some((s) => !update.includes(s));
  // The changes' arrays, built once for the statements that take them all (movers and stayers
  // are in the changes' order: as long as the changes, they are the changes).
  const all = valuesTable(req.fields, changes);
  const of = (some: ItemChange[]) => (some.length === changes.length ? all : valuesTable(req.fields, some));
  const facts = wholeZone
    ? null
    : await coverageFacts(
        ex,
        { zoneId, items: changes, covered: coveredBase, excluded },
        { cte: all.cte, cols: req.fields.map((f) => FIELDS[f].col) },
      );
  const movers = facts ? facts.movers : changes;
  const moving = new Set(movers.map((c) => itemKey(c.itemId, c.packSize)));
  const stayers = changes.filter((c) => !moving.has(itemKey(c.itemId, c.packSize)));
  await ownRowsAt(ex, excluded, movers);
  // Covered stores whose own rows differ from the base only in the written fields read the base again.
  if (!noOwnRows && !noneAtBase) {
    const f = await foldBeforeWrite(ex, {
      zoneId,
      items: movers,
      siteIds: coveredBase,
      except: req.fields,
      left: allBase ? update : [],
    });
    noOwnRows = allBase && !f.ownRowsLeft;
  }
  const elsewhere = update.filter((s) => !isBase.has(s) && !outside.includes(s));
  await ownRowsAt(ex, [...outside, ...remove], changes);
  if (outside.length) await addToOutsideSites(ex, zoneId, req.user, outside, changes);

  // A whole-zone write sets the written fields at every live row of its stores: the zone's summary,
  // and that of any zone all of whose stores it reached, can be set without reading the rows.
  const direct = wholeZone ? [zoneId, ...layout.within(zones, update).filter((z) => z !== zoneId)] : [];
  const others = zones.filter((z) => !direct.includes(z));
  const written: Written[] = [];
  // A write that reaches every store through the base rows sets those zones' summaries in the
  // statement that writes them: one round trip less, and the written values read once. Every store
  // of the other zones reads the same base rows, so their summaries take the same values and key.
  const inline =
    noOwnRows && !otherBase && changes.length <= INLINE_SUMMARY_MAX && setsSummaryDirectly(req.fields);
  // Likewise a whole-zone write whose zone also holds stores of other base zones, where its base
  // stores hold no own row: those stores' own rows are written in the same statement (one
  // statement where there were four: base rows, their own rows, the summary, the other zones').
  const withGuests =
    !inline &&
    elsewhere.length > 0 &&
    noneAtBase &&
    wholeZone &&
    remove.length === 0 &&
    outside.length === 0 &&
    baseSites.every((s) => update.includes(s)) &&
    changes.length <= INLINE_SUMMARY_MAX &&
    setsSummaryDirectly(req.fields);
  const together = inline || withGuests;
  const summaryCtes = together
    ? summarySql({
        zoneId,
        also: direct.filter((z) => z !== zoneId),
        fields: req.fields,
        source: 'sv',
        columns: req.summaryColumns,
      })
    : undefined;
  // The other zones holding a store the write reached: their written fields' parts, from the rows
  // the statement writes (its CTEs do not see them in the tables).
  const othersCtes =
    together && others.length
      ? writtenFieldsSql({
          zoneIds: others,
          fields: req.fields,
          override: {
            prefix: 'o_',
            base: { zoneId, rows: 'upd' },
            own: withGuests ? { siteIds: elsewhere, rows: 'g_t', keep: 'not si.same' } : undefined,
          },
          fewItems: changes.length <= FEW_ITEMS,
        })
      : null;
  if (othersCtes) await summaryWorkMem(ex, changes.length);
  let inlineAnswer: SummaryAnswer = { unknown: [], rows: [] };
  let guests: GuestAnswer = { written: [], folded: 0, sites: [] };
  let othersDone: { computed: number; updated: number } | undefined;
  if (movers.length) {
    const base = await writeBaseRows(req, of(movers), baseSites, {
      summary: summaryCtes,
      guests: withGuests ? elsewhere : undefined,
      others: othersCtes ?? undefined,
    });
    written.push(...base.written);
    inlineAnswer = base.answer;
    if (base.guests) guests = base.guests;
    othersDone = base.others;
  }
  // Stores the write covers outside the zone's base stores, where the facts read no own rows.
  const notBase = update.filter((s) => !isBase.has(s));
  const ownRowsToWrite = !facts || facts.ownAtCovered || notBase.length > 0;
  // The live own rows at the other covered stores: outside stores (made above) and base stores
  // unless none was there.
  const owning = update.filter((s) => outside.includes(s) || (isBase.has(s) && !noneAtBase));
  if (!noOwnRows && ownRowsToWrite) written.push(...(await writeOwnRows(req, all, owning)));
  // Covered stores that read another zone's base rows: their own rows take the written values and
  // those without one get it at once (not a copy of the base row then updated: one row version and
  // one index entry).
  if (!withGuests) guests = await writeGuestRows(req, all, elsewhere);
  written.push(...guests.written);
  if (stayers.length) written.push(...(await newOwnRows(req, of(stayers), coveredBase)));

  let removed = 0;
  if (remove.length) removed = await removeAt(req, remove);

  // Own rows that now equal their base row (the base moved to them, or they to the base) fold away.
  // After a whole-zone write none can at the zone's base stores: those differing only in the
  // written fields folded before it, the others still differ. Only a store whose base row is
  // another zone's (a store in two zones) may now equal it.
  // Where the base rows did not move (stayers), only the stores written can now equal them.
  // The stores that read another zone's base rows folded as they were written (writeGuestRows);
  // outside stores and base stores the zone does not hold are left to the statements below.
  const after =
    wholeZone && (!otherBase || (outside.length === 0 && baseSites.every((s) => update.includes(s))))
      ? []
      : [
          await foldOwnRows(ex, { zoneId, items: movers, siteIds: update }),
          // A covered base store's row of an unmoved item holds the written values: it equals the
          // base row only if they do (the facts). Other stores compare with another zone's base row.
          await foldOwnRows(ex, {
            zoneId,
            items: notBase.length || !facts ? stayers : sameOf(stayers, facts.sameAsBase),
            siteIds: update,
            baseMoved: false,
          }),
        ];
  const folded = after.reduce((n, f) => n + f.folded, guests.folded);

  // Where a store folded, it reads a base row older than the write: its zones' keys must still take
  // the write's version. The summary steps below set a zone's keys to at least `floor` where they
  // can (`keyed`); raiseKeys does it for the others.
  const floor = folded > 0 ? topVersions(written) : undefined;
  const keyed = new Set<number>();
  let summary: WriteResult['summary'];
  if (together) summary = await finishSummary(ex, zoneId, inlineAnswer);
  for (const z of together ? [] : direct) {
    const columns = z === zoneId ? req.summaryColumns : undefined;
    const rows = await setZoneSummary(ex, { zoneId: z, fields: req.fields, changes, written, columns });
    if (z === zoneId) summary = rows;
  }
  // setZoneSummary keys each item with the largest version of a row its stores read.
  if (floor && sameKeys(floor, topVersions(written.filter((w) => w.sites > 0))))
    for (const z of direct) keyed.add(z);
  // No store lost or gained a row of the items: only the written fields' parts of the summary moved;
  // where they were uniform, the zone's follow from how many of its stores the write reached.
  if (othersDone) {
    // Set in the statement that wrote the rows, but for a row it could not set.
    if (writtenFieldsDone(othersDone, changes.length, others.length)) for (const z of others) keyed.add(z);
    else if (othersDone.computed !== othersDone.updated)
      await refreshZoneSummary(ex, { zoneIds: others, items: changes }, true);
  } else if (others.length && remove.length === 0 && outside.length === 0) {
    const follow =
      others.includes(zoneId) &&
      followsCoverage(req.fields) &&
      baseSites.every((s) => layout.zoneSites.includes(s));
    const based = sameSet(baseSites, layout.zoneSites);
    const left = follow
      ? await followCoverage(ex, {
          zoneId,
          fields: req.fields,
          changes,
          written,
          zoneStores: based ? baseSites : undefined,
          unmoved:
            facts && notBase.length === 0
              ? { items: unmovedKeys(stayers, facts), facts: facts.perItem, covered: coveredBase.length }
              : undefined,
          flagsBefore: req.flagsBefore,
        })
      : [];
    const rest = follow ? others.filter((z) => z !== zoneId) : others;
    if (
      rest.length &&
      (await refreshWrittenFields(ex, { zoneIds: rest, items: changes, fields: req.fields, floor }))
    )
      for (const z of rest) keyed.add(z);
    if (left.length) await refreshWrittenFields(ex, { zoneIds: [zoneId], items: left, fields: req.fields });
  } else if (others.length)
    await refreshZoneSummary(ex, { zoneIds: others, items: changes }, remove.length === 0);
  // A folded store reads its base row's version now: the keys of its zones take this write's,
  // those of a zone the write did not name too (a store left out that folded back, its values
  // unchanged, reads the moved base row's new version).
  let raised: number[] = [];
  if (floor) {
    const reached = layout.zonesOf([...guests.sites, ...after.flatMap((f) => f.sites)]);
    raised = [...new Set([...zones, ...reached])].filter((z) => !keyed.has(z));
    await raiseKeys(ex, raised, floor);
  }
  const items = new Set(written.map((w) => itemKey(w.item_id, w.pack_size))).size;
  const siteRows = written.reduce((n, w) => n + w.sites, 0);
  // raiseKeys may have moved the keys after the summary statement returned the rows.
  return { items, siteRows, removed, zones, ...(raised.includes(zoneId) ? {} : { summary }) };
}

/** The keys of the items whose base row did not move and whose written values are not all the base row's. */
function unmovedKeys(stayers: ItemChange[], facts: { sameAsBase: readonly ItemKey[] }) {
  const same = new Set(facts.sameAsBase.map((k) => itemKey(k.itemId, k.packSize)));
  return new Set(stayers.map((c) => itemKey(c.itemId, c.packSize)).filter((k) => !same.has(k)));
}

/** The items of `some` that are also in `these`. */
function sameOf(some: ItemChange[], these: readonly ItemKey[]) {
  if (these.length === 0) return [];
  const keys = new Set(these.map((k) => itemKey(k.itemId, k.packSize)));
  return some.filter((c) => keys.has(itemKey(c.itemId, c.packSize)));
}

/** Per item (itemKey), the largest version the write gave its rows. */
function topVersions(written: readonly Written[]): Map<string, string> {
  const top = new Map<string, string>();
  for (const w of written) {
    const k = itemKey(w.item_id, w.pack_size);
    const t = top.get(k);
    if (t === undefined || BigInt(t) < BigInt(w.version)) top.set(k, w.version);
  }
  return top;
}

const sameKeys = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) =>
  a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

/** Every zone's UpdateKey of the items is at least the item's version in `top` (topVersions). */
async function raiseKeys(ex: Executor, zoneIds: number[], top: ReadonlyMap<string, string>) {
  if (top.size === 0 || zoneIds.length === 0) return;
  const keys = [...top.keys()].map((k) => {
    const key = parseItemKey(k) as { id: string; packSize: number };
    return { item_id: key.id, pack_size: key.packSize };
  });
  await ex.execute(sql`
    update zone_items zi set update_key = v.key
    from unnest(${pgArray(
      keys.map((w) => w.item_id),
      'text',
    )}, ${pgArray(
      keys.map((w) => w.pack_size),
      'int',
    )}, ${pgArray([...top.values()], 'bigint')}) as v(item_id, pack_size, key)
    where zi.zone_id = any(${pgArray(zoneIds, 'int')}) and zi.item_id = v.item_id and zi.pack_size = v.pack_size
      and zi.update_key < v.key`);
}

/** The changes as a CTE `v(item_id, pack_size, f0, f1, ...)` and the SET list that applies them. */
function valuesTable(fields: FieldName[], changes: ItemChange[]) {
  const { ids, packs } = itemKeyArrays(changes);
  const arrays = fields.map((f) =>
    pgArray(
      changes.map((c) => (c.values[f] === undefined ? null : (c.values[f] as FieldValue))),
      FIELDS[f].type,
    ),
  );
  const cols = fields.map((_, i) => `, f${i}`).join('');
  const cte = sql`v as (select * from unnest(${ids}, ${packs}${sql.raw(arrays.length ? ', ' : '')}${sql.join(arrays, sql`, `)})
    as v(item_id, pack_size${sql.raw(cols)}))`;
  const set = fields.map((f, i) => `${FIELDS[f].col} = v.f${i}, `).join('');
  return { cte, set: sql.raw(set), rows: changes.length, fields: fields.length, ids };
}

/** The values table's columns after item_id and pack_size (`, f0, f1`), of `alias` if given. */
const fieldCols = (values: { fields: number }, alias = '') =>
  Array.from({ length: values.fields }, (_, i) => `, ${alias}f${i}`).join('');

/**
 * Up to this many items, the base-row update names the items' IDs as an index condition: joined to
 * the values alone, the planner read every base row of the zone into a hash (a 20-item write on the
 * demo: 2.6 of a 4 ms statement on PGlite; 300 items: 66 -> 48 ms for the request).
 */
const KEYED_UPDATE_MAX = 1000;

/** Writes of at most this many items give each history row its list of stores, not a site set. */
export const INLINE_SITE_LIST_ITEMS = 8;

/**
 * The zone's base rows of the items; one history row per item for the base sites without their own
 * row. An item that no base site holds an own row of names the base sites through one site set
 * per statement, not a copy of the list per item (comparing or hashing lists of 999 stores per item
 * costs more than writing them); the others carry their list. A write of a few items
 * (INLINE_SITE_LIST_ITEMS) gives every history row its list: one row fewer to insert than the set.
 */
async function writeBaseRows(
  req: WriteRequest,
  values: ReturnType<typeof valuesTable>,
  baseSites: number[],
  o: {
    summary?: ReturnType<typeof summarySql>;
    /** Stores reading another zone's base rows whose rows the statement writes too (writeGuestRows). */
    guests?: number[];
    /** The other zones' summaries (writtenFieldsSql, prefix o_, over the rows written here). */
    others?: NonNullable<ReturnType<typeof writtenFieldsSql>>;
  } = {},
) {
  const { summary } = o;
  const guests = o.guests?.length ? guestSql(req, values.rows, o.guests) : undefined;
  const bs = pgArray(baseSites, 'int');
  const few = values.rows <= INLINE_SITE_LIST_ITEMS;
  const inline = sql.raw(String(few));
  // The base stores' own rows of the items, live or removed (a removed one keeps its store off the
  // base row's history). A few items look theirs up by item: reading every own row at the base
  // stores instead (what a kept plan chose) cost 1.4 ms per one-item write at 200 stores with
  // 10,000 own rows, and grows with them.
  const own = few
    ? sql`select v.item_id, v.pack_size, x.sites from (select distinct item_id, pack_size from v) v
        cross join lateral (select array_agg(e.site_id) sites from site_exceptions e
          where e.item_id = v.item_id and e.pack_size = v.pack_size and e.site_id = any(${bs})) x
        where x.sites is not null`
    : sql`select x.item_id, x.pack_size, array_agg(x.site_id) sites from site_exceptions x
        where x.site_id = any(${bs}) and (x.item_id, x.pack_size) in (select item_id, pack_size from v)
        group by x.item_id, x.pack_size`;
  // The shared stores' rows (guestSql) and their largest version per item (gk).
  const guestKeys = guests
    ? sql`, ${guests.ctes},
      gk as (select item_id, pack_size, max(version) as key from g_w group by item_id, pack_size)`
    : sql``;
  // The zone summary's CTEs read the new values and, as the key, the largest version given to a
  // row one of its stores reads. No join of v to covered: the planner took covered (an update's
  // answer) for a row or two and joined them in a nested loop, every item against every row (300
  // items: 37 of a 42 ms write); covered carries the written values (upd returns them), and gk's
  // rows are unioned in.
  const fs = sql.raw(fieldCols(values));
  const vfs = sql.raw(fieldCols(values, 'v.'));
  const summaryCtes = summary
    ? guests
      ? sql`, sv as (select distinct on (item_id, pack_size) * from (
            select item_id, pack_size${fs}, version as key from covered where cardinality(site_ids) > 0
            union all
            select v.item_id, v.pack_size${vfs}, gk.key from v
              join gk on gk.item_id = v.item_id and gk.pack_size = v.pack_size) x
          order by item_id, pack_size, key desc),
      ${summary.ctes}`
      : sql`, sv as (select item_id, pack_size${fs}, version as key from covered where cardinality(site_ids) > 0),
      ${summary.ctes}`
    : sql``;
  // Each item's UpdateKey in the other zones becomes at least the write's version where a guest
  // store folded back to a base row older than it (raiseKeys otherwise).
  const k = guests
    ? sql`select item_id, pack_size, case when (select bool_or(same) from g_t) then max(ver) end as floor
          from (select item_id, pack_size, version as ver from covered
            union all select item_id, pack_size, key from gk
            union all select item_id, pack_size, null from v) x
          group by item_id, pack_size`
    : sql`select distinct item_id, pack_size, null::bigint as floor from v`;
  const othersCtes = o.others ? sql`, k as materialized (${k}), ${o.others.ctes}` : sql``;
  // The rows written as one JSON value: PGlite converts 5,000 rows of four columns in about the
  // time of the floor's whole write (pg-protocol copies every field), one value in a few ms.
  const [r] = await rows<
    {
      written: WrittenJson;
      summary_unknown?: SummaryAnswer['unknown'];
      summary_rows?: SummaryAnswer['rows'];
      o_computed?: number;
      o_updated?: number;
    } & Partial<GuestJson>
  >(
    req.ex,
    sql`with ${values.cte},
      upd as (
        update base_items b set ${values.set} version = ${NEXT_VERSION}, updated_at = now(), updated_by = ${req.user}
        from v where b.zone_id = ${req.zoneId} and b.item_id = v.item_id and b.pack_size = v.pack_size
          ${values.rows <= KEYED_UPDATE_MAX ? sql`and b.item_id = any(${values.ids})` : sql``}
        returning b.*${vfs}),
      own as (${own}),
      covered as (
        select upd.*, own.sites is null as every_base, case when own.sites is null then ${bs}
          else array(select s from unnest(${bs}) s where s <> all(own.sites)) end as site_ids
        from upd left join own on own.item_id = upd.item_id and own.pack_size = upd.pack_size),
      sets as (
        insert into site_sets (site_ids) select ${bs}
        where not ${inline} and cardinality(${bs}) > 0 and exists (select 1 from covered where every_base)
        returning id),
      hist as (
        insert into item_changes (site_set_id, site_ids, ${HISTORY_COLUMNS})
        select case when every_base and not ${inline} then (select id from sets) end,
          case when not every_base or ${inline} then site_ids end,
          item_id, pack_size, ${req.user}, ${req.source}, dept, sub, unit_list, ${historyValues('false')}
        from covered where cardinality(site_ids) > 0)${guestKeys}${summaryCtes}${othersCtes}
      select (select coalesce(json_agg(json_build_array(item_id, pack_size, version::text, cardinality(site_ids))), '[]')
          from covered) as written
        ${summary ? sql`, ${summary.answer}` : sql``}${guests ? sql`, ${guests.answer}` : sql``}
        ${o.others ? sql`, ${o.others.answer}` : sql``}`,
  );
  return {
    written: writtenOf(r.written),
    answer: { unknown: r.summary_unknown ?? [], rows: r.summary_rows ?? [] },
    guests: guests ? guestAnswer(r as GuestJson) : undefined,
    others: o.others ? { computed: r.o_computed as number, updated: r.o_updated as number } : undefined,
  };
}

/** The sites' own rows of the items (live ones), one history row each. */
async function writeOwnRows(req: WriteRequest, values: ReturnType<typeof valuesTable>, siteIds: number[]) {
  if (siteIds.length === 0) return [];
  return rows<Written>(
    req.ex,
    sql`with ${values.cte},
      upd as (
        update site_exceptions si set ${values.set} version = ${NEXT_VERSION}, updated_at = now(), updated_by = ${req.user}
        from v where si.item_id = v.item_id and si.pack_size = v.pack_size and not si.deleted
          and si.site_id = any(${pgArray(siteIds, 'int')})
        returning si.*),
      hist as (
        insert into item_changes (site_id, ${HISTORY_COLUMNS})
        select site_id, item_id, pack_size, ${req.user}, ${req.source}, dept, sub, unit_list, ${HISTORY_VALUES} from upd)
      select item_id, pack_size, max(version)::text as version, count(*)::int as sites from upd
      group by item_id, pack_size`,
  );
}

/**
 * Own rows with the written values for these sites where they read a base row of the items (their
 * base zone's) and have no own row, one history row each. After writeOwnRows: a site that has its
 * own row (live or removed) keeps it as that write left it.
 */
async function newOwnRows(req: WriteRequest, values: ReturnType<typeof valuesTable>, siteIds: number[]) {
  if (siteIds.length === 0 || !values.rows) return [];
  const cols = VALUE_COLUMNS.map((c) => {
    const i = req.fields.findIndex((f) => FIELDS[f].col === c);
    return i < 0 ? `b.${c}` : `v.f${i}`;
  }).join(', ');
  return rows<Written>(
    req.ex,
    sql`with ${values.cte},
      ins as (
        insert into site_exceptions (site_id, item_id, pack_size, ${sql.raw(VALUE_COLUMNS.join(', '))},
          deleted, version, updated_at, updated_by)
        select s.id, b.item_id, b.pack_size, ${sql.raw(cols)}, false, ${NEXT_VERSION}, now(), ${req.user}
        from v join base_items b on b.item_id = v.item_id and b.pack_size = v.pack_size
        join sites s on s.base_zone_id = b.zone_id
        where s.id = any(${pgArray(siteIds, 'int')})
        on conflict (site_id, item_id, pack_size) do nothing
        returning *),
      hist as (
        insert into item_changes (site_id, ${HISTORY_COLUMNS})
        select site_id, item_id, pack_size, ${req.user}, ${req.source}, dept, sub, unit_list, ${HISTORY_VALUES} from ins)
      select item_id, pack_size, max(version)::text as version, count(*)::int as sites from ins
      group by item_id, pack_size`,
  );
}

/** Removes the items at these sites (their own rows, made by ownRowsAt): marked deleted, with history. */
async function removeAt(req: WriteRequest, siteIds: number[]): Promise<number> {
  const [gone] = await rows<{ n: number }>(
    req.ex,
    sql`with upd as (
        update site_exceptions si set deleted = true, version = ${NEXT_VERSION}, updated_at = now(), updated_by = ${req.user}
        where ${keysIn('si', req.changes)} and not si.deleted and si.site_id = any(${pgArray(siteIds, 'int')})
        returning si.*),
      hist as (
        insert into item_changes (site_id, ${HISTORY_COLUMNS})
        select site_id, item_id, pack_size, ${req.user}, ${`${req.source} (removed)`}, dept, sub, unit_list, ${HISTORY_VALUES} from upd)
      select count(*)::int n from upd`,
  );
  return gone.n;
}

/** Outside sites that do not carry an item get it, with the zone's current values, before the change. */
async function addToOutsideSites(
  ex: Executor,
  zoneId: number,
  user: string,
  outside: number[],
  changes: ItemChange[],
) {
  const cols = sql.raw(VALUE_COLUMNS.join(', '));
  await ex.execute(sql`
    insert into site_exceptions (site_id, item_id, pack_size, ${cols}, updated_by)
    select s.site_id, zi.item_id, zi.pack_size, ${sql.raw(VALUE_COLUMNS.map((c) => `zi.${c}`).join(', '))}, ${user}
    from zone_items zi cross join unnest(${pgArray(outside, 'int')}) as s(site_id)
    where zi.zone_id = ${zoneId} and ${keysIn('zi', changes)}
    on conflict (site_id, item_id, pack_size) do update set deleted = false, version = ${NEXT_VERSION}
      where site_exceptions.deleted`);
}
