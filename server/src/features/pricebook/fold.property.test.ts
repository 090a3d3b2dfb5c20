/**
 * Folding (layers.ts, foldOwnRows and coverageFacts) against a naive per-store model: random
 * sequences of whole-zone writes, coverage subsets, coverage removals, grid edits, Site Import
 * build-master and Outside Updates accepts. After every step each store's values and history equal
 * the model's, the zone summary equals a fresh recomputation, every UpdateKey of a zone whose stores
 * changed has grown (none went back), and no store keeps a live own row equal to its base row.
 *
 * The writes go through writeSiteItems as their callers call it (a grid edit and an accept: the
 * whole zone, their fields; a batch and a grid edit with the facts loadForWrite reads after the
 * lock; Site Import: buildMaster itself). Zone A: stores 1-6; zone B: stores
 * 5, 6, 7 (5 and 6 have A as their base zone); zone C: stores 5 and 6, never written itself. Each
 * run uses items of its own.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { buildSite, buildSiteItems, buildUser, buildZone } from '../../../test/support/factories';
import { summaryFromSiteRows } from '../../../test/support/summary-from-rows';
import { rows } from '../../db/client';
import { loadForWrite } from '../item-adjust/batch-run';
import { buildMaster } from '../site-import/build-master';
import type { FieldName } from './fields';
import { settleBaseRows } from './layers';
import { refreshZoneSummary } from './summary';
import { writeSiteItems } from './write';
import { beginWrite } from './write-scope';

let tdb: TestDatabase;
let userId: number;
let stores: number[];
let zoneA: number;
let zoneB: number;
let zoneC: number;
const zoneStores = () =>
  new Map([
    [zoneA, stores.slice(0, 6)],
    [zoneB, stores.slice(4, 7)],
    [zoneC, stores.slice(4, 6)],
  ]);

beforeAll(async () => {
  tdb = await createTestDatabase();
  stores = [];
  for (let n = 1; n <= 7; n++) stores.push((await buildSite(tdb.db, { siteNo: 900 + n })).id);
  zoneA = (await buildZone(tdb.db, { zoneNo: 91, siteIds: stores.slice(0, 6) })).id;
  zoneB = (await buildZone(tdb.db, { zoneNo: 92, siteIds: stores.slice(4, 7) })).id;
  // Written by no step: every store of it is in A and in B, so a whole-zone write to either
  // sets its summary directly (write.ts), which the recomputation checks.
  zoneC = (await buildZone(tdb.db, { zoneNo: 93, siteIds: stores.slice(4, 6) })).id;
  userId = (await buildUser(tdb.db, { userName: 'fold', zoneIds: [zoneA, zoneB, zoneC] })).id;
}, 120_000);
afterAll(() => tdb?.drop());

interface Cell {
  price: string;
  desc: string;
  deleted: boolean;
  /** History snapshots: [price, description, removed]. */
  history: Array<[string, string, boolean]>;
}
type Model = Map<string, Cell>;
const cellKey = (site: number, item: string) => `${site}|${item}`;

type Op =
  | { kind: 'zone'; zone: 0 | 1; items: number[]; field: 'price' | 'desc'; value: number }
  | { kind: 'coverage'; zone: 0 | 1; items: number[]; sites: number[]; remove: number[]; value: number }
  | { kind: 'grid'; zone: 0 | 1; item: number; value: number }
  | { kind: 'import'; site: number; item: number; value: number }
  | { kind: 'accept'; zone: 0 | 1; items: number[]; value: number };

const ITEMS = 3;
const price = (v: number) => `${(1 + (v % 4) * 0.25).toFixed(2)}`;
const desc = (v: number) => `DESC ${v % 3}`;
const itemsArb = fc.uniqueArray(fc.integer({ min: 0, max: ITEMS - 1 }), { minLength: 1, maxLength: ITEMS });
const zoneArb = fc.constantFrom<0 | 1>(0, 1);
const valueArb = fc.integer({ min: 0, max: 11 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('zone' as const),
    zone: zoneArb,
    items: itemsArb,
    field: fc.constantFrom<'price' | 'desc'>('price', 'desc'),
    value: valueArb,
  }),
  fc.record({
    kind: fc.constant('coverage' as const),
    zone: zoneArb,
    items: itemsArb,
    // Positions in the zone's store list; a store both covered and removed counts as removed.
    sites: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 6 }),
    remove: fc.oneof(
      fc.constant([] as number[]),
      fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 2 }),
    ),
    value: valueArb,
  }),
  fc.record({
    kind: fc.constant('grid' as const),
    zone: zoneArb,
    item: fc.integer({ min: 0, max: ITEMS - 1 }),
    value: valueArb,
  }),
  fc.record({
    kind: fc.constant('import' as const),
    site: fc.integer({ min: 0, max: 6 }),
    item: fc.integer({ min: 0, max: ITEMS - 1 }),
    value: valueArb,
  }),
  fc.record({ kind: fc.constant('accept' as const), zone: zoneArb, items: itemsArb, value: valueArb }),
);

let run = 0;

/** Fresh items alike at every store, then store 2 prices item 0 apart (a coverage write). */
async function startRun(): Promise<{ ids: string[]; model: Model }> {
  run++;
  const ids = Array.from({ length: ITEMS }, (_, i) => `F${String(run).padStart(4, '0')}${i}`);
  const model: Model = new Map();
  const input = [];
  for (const [i, id] of ids.entries()) {
    for (const site of stores) {
      input.push({ siteId: site, itemId: id, description: `ITEM ${i}`, unitList: '1.00', dept: 2, sub: 1 });
      model.set(cellKey(site, id), { price: '1.00', desc: `ITEM ${i}`, deleted: false, history: [] });
    }
  }
  await buildSiteItems(tdb.db, input);
  await settleBaseRows(tdb.db);
  await refreshZoneSummary(tdb.db, { items: ids.map((itemId) => ({ itemId, packSize: 1 })) });
  await step({ kind: 'coverage', zone: 0, items: [0], sites: [1], remove: [], value: 3 }, ids, model);
  return { ids, model };
}

/** The model's effect of one write: set at the live rows of `update`, remove at `remove`. */
function applyModel(model: Model, items: string[], update: number[], remove: number[], set: Partial<Cell>) {
  for (const item of items) {
    for (const s of update) {
      const c = model.get(cellKey(s, item));
      if (!c || c.deleted || remove.includes(s)) continue;
      Object.assign(c, set);
      c.history.push([c.price, c.desc, false]);
    }
    for (const s of remove) {
      const c = model.get(cellKey(s, item));
      if (!c || c.deleted) continue;
      c.deleted = true;
      c.history.push([c.price, c.desc, true]);
    }
  }
}

async function write(o: {
  zoneId: number;
  items: string[];
  fields: FieldName[];
  values: Record<string, string>;
  coverage: number[] | null;
  source: string;
}) {
  await tdb.db.transaction(async (tx) => {
    const scope = await beginWrite(tx, { userId, zoneId: o.zoneId, siteIds: o.coverage?.map(Math.abs) });
    // A batch and a grid edit read what the write may skip in the statement that reads the rows.
    const facts =
      o.source === 'Outside Update'
        ? undefined
        : await loadForWrite(
            tx,
            o.zoneId,
            o.items.map((ID) => ({ ID, PackSize: 1 })),
            o.coverage,
          );
    await writeSiteItems({
      ownRows: facts?.ownRows,
      ownRowsAtBase: facts?.ownRowsAtBase,
      layout: facts?.layout,
      ex: tx,
      scope,
      user: 'fold',
      source: o.source,
      zoneId: o.zoneId,
      fields: o.fields,
      changes: o.items.map((itemId) => ({ itemId, packSize: 1, values: o.values })),
      coverage: o.coverage,
    });
  });
}

/** A zone and an item whose row at some store of the zone a step changed. */
const zoneItem = (zone: unknown, item: unknown) => `${zone}|${item}`;

/** Runs one step on the database and the model; returns the zones and items whose store rows changed (zoneItem). */
async function step(op: Op, ids: string[], model: Model): Promise<string[]> {
  const zones = [zoneA, zoneB];
  const live = (s: number, item: string) => !model.get(cellKey(s, item))?.deleted;
  // Per item: removing an item a store has removed already changes nothing there.
  const touched = (sites: number[], items: string[]) => {
    const changed = new Set<string>();
    for (const [z, zs] of zoneStores())
      for (const i of items) if (zs.some((s) => sites.includes(s) && live(s, i))) changed.add(zoneItem(z, i));
    return [...changed];
  };
  if (op.kind === 'zone' || op.kind === 'accept' || op.kind === 'grid') {
    const zoneId = zones[op.zone];
    const items = op.kind === 'grid' ? [ids[op.item]] : op.items.map((i) => ids[i]);
    const sites = zoneStores().get(zoneId) as number[];
    const both = op.kind !== 'zone' || op.field === undefined;
    const set: Partial<Cell> =
      op.kind === 'zone'
        ? op.field === 'price'
          ? { price: price(op.value) }
          : { desc: desc(op.value) }
        : { price: price(op.value), desc: desc(op.value + 1) };
    const fields: FieldName[] = both
      ? ['unitList', 'description']
      : set.price
        ? ['unitList']
        : ['description'];
    const values: Record<string, string> = {};
    if (set.price) values.unitList = set.price;
    if (set.desc) values.description = set.desc;
    const changed = touched(sites, items);
    const source = { zone: 'Set Price', accept: 'Outside Update', grid: 'Item Adjustment' }[op.kind];
    await write({ zoneId, items, fields, values, coverage: null, source });
    applyModel(model, items, sites, [], set);
    return changed;
  }
  if (op.kind === 'coverage') {
    const zoneId = zones[op.zone];
    const zs = zoneStores().get(zoneId) as number[];
    const pick = (ps: number[]) => [...new Set(ps.filter((p) => p < zs.length).map((p) => zs[p]))];
    const remove = pick(op.remove);
    const update = pick(op.sites).filter((s) => !remove.includes(s));
    if (update.length + remove.length === 0) return [];
    const items = op.items.map((i) => ids[i]);
    const changed = touched([...update, ...remove], items);
    await write({
      zoneId,
      items,
      fields: ['unitList'],
      values: { unitList: price(op.value) },
      coverage: [...update, ...remove.map((s) => -s)],
      source: 'Set Price',
    });
    applyModel(model, items, update, remove, { price: price(op.value) });
    return changed;
  }
  // Site Import build-master: the store's file changed the price and description of one item.
  const site = stores[op.site];
  const item = ids[op.item];
  const c = model.get(cellKey(site, item)) as Cell;
  if (c.deleted) return [];
  const changed = touched([site], [item]);
  const was = {
    item_id: item,
    pack_size: 1,
    description: c.desc,
    receipt_description: null,
    dept: 2,
    sub: 1,
    unit_list: c.price,
    tax_group_id: null,
    active: true,
    inv_type: 'I',
  };
  const values = {
    itemId: item,
    packSize: 1,
    description: desc(op.value),
    receiptDescription: null,
    dept: 2,
    sub: 1,
    unitList: price(op.value + 1),
    taxGroupId: null,
    active: true,
    invType: 'I',
  };
  await tdb.db.transaction((tx) =>
    buildMaster(tx, { userName: 'fold', siteId: site, changed: [{ values, was, flds: 0 }], added: [] }),
  );
  applyModel(model, [item], [site], [], { price: values.unitList, desc: values.description });
  return changed;
}

async function expectModel(ids: string[], model: Model) {
  const found = await rows<{
    site_id: number;
    item_id: string;
    unit_list: string;
    description: string;
    deleted: boolean;
  }>(
    tdb.db,
    sql`select site_id, item_id, unit_list::text, description, deleted from site_items
      where item_id = any(${`{${ids.join(',')}}`}::text[]) order by site_id, item_id`,
  );
  const expected = [...model.entries()]
    .map(([k, c]) => {
      const [site, item] = k.split('|');
      return {
        site_id: Number(site),
        item_id: item,
        unit_list: c.price,
        description: c.desc,
        deleted: c.deleted,
      };
    })
    .sort((a, b) => a.site_id - b.site_id || a.item_id.localeCompare(b.item_id));
  expect(found).toEqual(expected);
  const history = await rows<{ site_id: number; item_id: string; snaps: Array<[string, string, boolean]> }>(
    tdb.db,
    sql`select site_id, item_id, json_agg(json_build_array(values_after->>'UnitList', values_after->>'Description',
        (values_after->>'Deleted')::boolean) order by id) snaps
      from item_history where item_id = any(${`{${ids.join(',')}}`}::text[]) group by site_id, item_id`,
  );
  const got = new Map(history.map((h) => [cellKey(h.site_id, h.item_id), h.snaps]));
  for (const [k, c] of model) expect(got.get(k) ?? [], `history of ${k}`).toEqual(c.history);
}

async function expectFolded(ids: string[]) {
  const equal = await rows<{ site_id: number; item_id: string }>(
    tdb.db,
    sql`select e.site_id, e.item_id from site_exceptions e join sites s on s.id = e.site_id
      join base_items b on b.zone_id = s.base_zone_id and b.item_id = e.item_id and b.pack_size = e.pack_size
      where e.item_id = any(${`{${ids.join(',')}}`}::text[]) and not e.deleted
        and (e.description, e.unit_list, e.dept, e.sub, e.receipt_description, e.unit_cost, e.active)
          is not distinct from (b.description, b.unit_list, b.dept, b.sub, b.receipt_description, b.unit_cost, b.active)`,
  );
  expect(equal, 'own rows equal to their base row').toEqual([]);
}

const readSummary = (ids: string[]) =>
  rows<Record<string, unknown>>(
    tdb.db,
    sql`select zone_id, item_id, description, unit_list::text, margin::text, site_count, is_price_uniform,
      is_desc_uniform, is_uniform, others_uniform, update_key::text from zone_items
      where item_id = any(${`{${ids.join(',')}}`}::text[]) order by 1, 2`,
  );

async function expectSummary(ids: string[], before: Record<string, unknown>[], changed: string[]) {
  const stored = await readSummary(ids);
  // A fresh recomputation: the rows deleted, then computed from every store's row (site_items),
  // not from the layers the server's refresh reads.
  await summaryFromSiteRows(
    tdb.db,
    ids.map((itemId) => ({ itemId, packSize: 1 })),
  );
  const fresh = await readSummary(ids);
  const noKey = (r: Record<string, unknown>[]) => r.map(({ update_key, ...rest }) => rest);
  expect(noKey(stored)).toEqual(noKey(fresh));
  const key = (r: Record<string, unknown>[], z: unknown, i: unknown) =>
    BigInt((r.find((x) => x.zone_id === z && x.item_id === i)?.update_key as string) ?? '0');
  for (const s of stored) {
    // Never below the rows' largest version, never back, and higher where the zone's stores changed.
    expect(
      key([s], s.zone_id, s.item_id) >= key(fresh, s.zone_id, s.item_id),
      `key of ${s.item_id} in zone ${s.zone_id}: ${key([s], s.zone_id, s.item_id)} < ${key(fresh, s.zone_id, s.item_id)}`,
    ).toBe(true);
    const was = key(before, s.zone_id, s.item_id);
    expect(key([s], s.zone_id, s.item_id) >= was).toBe(true);
    if (changed.includes(zoneItem(s.zone_id, s.item_id)) && was > 0n)
      expect(key([s], s.zone_id, s.item_id) > was, `key of ${s.item_id} in zone ${s.zone_id}`).toBe(true);
  }
  // Put the stored keys back: the fresh rows would lose keys that must not go back.
  for (const s of stored) {
    await tdb.db.execute(
      sql`update zone_items set update_key = ${s.update_key as string}::bigint
        where zone_id = ${s.zone_id as number} and item_id = ${s.item_id as string} and pack_size = 1`,
    );
  }
}

describe('writes fold own rows and stay equal to the per-store model', () => {
  it('over random sequences of writes, coverage, removals, grid edits, imports and accepts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        const { ids, model } = await startRun();
        for (const op of ops) {
          const before = await readSummary(ids);
          const changed = await step(op, ids, model);
          await expectModel(ids, model);
          await expectFolded(ids);
          await expectSummary(ids, before, changed);
        }
      }),
      { numRuns: Number(process.env.FOLD_RUNS ?? 60), seed: Number(process.env.FOLD_SEED ?? 26) },
    );
  }, 900_000);
});
