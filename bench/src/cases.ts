/**
 * The measured cases. Each write really changes prices through the API, checks the answer says
 * saved, then has the floors write the same new prices (so the database stays consistent: the
 * zone summary keeps the API's values and a fresh search gives a valid UpdateKey).
 */
import { applyPriceChange, fromMinor, msg, RoundType, toMinor, UpdateType } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import type { Api, BatchAnswer, GridEditAnswer, Item, SearchAnswer } from './api';
import { floorSearch, floorSetPriceNew, floorSetPriceOld, type PriceChange } from './floor';
import { type Summary, summarize, time } from './stats';

export type Row = {
  operation: string;
  api: Summary;
  newFloor: Summary | 'n/a' | null;
  oldFloor: Summary | null;
};
export type Ctx = {
  db: Db;
  api: Api;
  zoneId: number;
  user: string;
  runs: number;
  warmup: number;
  newLayout: boolean;
};

const cents = (price: string) => toMinor(price, 2);
const asPrice = (minor: bigint) => fromMinor(minor, 2);
const change = (items: Array<Pick<Item, 'ID' | 'PackSize'>>, prices: string[]): PriceChange => ({
  ids: items.map((i) => i.ID),
  packs: items.map((i) => i.PackSize),
  prices,
});

const SEARCHES = [
  {
    name: 'description contains "COLA"',
    criteria: { ApplyItemDescription: true, ItemDesc: 'cola' },
    where: sql`zi.description ilike '%cola%'`,
  },
  {
    name: 'department 2.00-3.99',
    criteria: { ApplyDepartmentRange: true, DeptBeginRange: '2', DeptEndRange: '3.99' },
    where: sql`zi.dept * 100 + zi.sub between 200 and 399`,
  },
  {
    name: 'unit list 5.00-9.99',
    criteria: { ApplyUnitList: true, UnitListBeginRange: '5.00', UnitListEndRange: '9.99' },
    where: sql`zi.unit_list between 5.00 and 9.99`,
  },
];

/** Search: first page of 100 and the total count. The floor is the same query in both layouts. */
export async function searchCases(c: Ctx): Promise<Row[]> {
  const out: Row[] = [];
  for (const s of SEARCHES) {
    const apiMs: number[] = [];
    const floorMs: number[] = [];
    let total = 0;
    for (let i = 0; i < c.warmup + c.runs; i++) {
      const [a, r] = await time(() =>
        c.api.post<SearchAnswer>(`/adjust/${c.user}/sscitems`, {
          ZoneSetupID: c.zoneId,
          clientCriterias: s.criteria,
          Page: 1,
          PageSize: 100,
        }),
      );
      const [f] = await time(() => floorSearch(c.db, c.zoneId, s.where));
      total = r.GetSSCSItemsResult.TotalCount;
      if (i >= c.warmup) {
        apiMs.push(a);
        floorMs.push(f);
      }
    }
    const floor = summarize(floorMs);
    out.push({
      operation: `search first page + count: ${s.name} (${total} items)`,
      api: summarize(apiMs),
      newFloor: floor,
      oldFloor: floor,
    });
  }
  return out;
}

/** Runs the floors for prices the API just saved; the new one only on the new layout. */
async function floors(c: Ctx, p: PriceChange, newMs: number[], oldMs: number[], record: boolean) {
  if (c.newLayout) {
    const [n] = await time(() => floorSetPriceNew(c.db, c.zoneId, p));
    if (record) newMs.push(n);
  }
  const [o] = await time(() => floorSetPriceOld(c.db, c.zoneId, p));
  if (record) oldMs.push(o);
}

const rowOf = (operation: string, apiMs: number[], newMs: number[], oldMs: number[], newLayout: boolean) => ({
  operation,
  api: summarize(apiMs),
  newFloor: newLayout ? summarize(newMs) : ('n/a' as const),
  oldFloor: summarize(oldMs),
});

/**
 * Items for the one-item cases: priced 1.00-99.99, not expense items (their list is locked). Each
 * run takes the next one; it moves by one cent, up from an even cent and down from an odd one, so
 * repeated benches leave prices where they were.
 */
export const onePool = (c: Ctx) =>
  c.api
    .search(c.zoneId, { ApplyUnitList: true, UnitListBeginRange: '1.00', UnitListEndRange: '99.99' }, 200)
    .then((xs) => xs.filter((x) => x.InvType !== 'X'));
const nudge = (price: string) => (cents(price) % 2n === 0n ? 1n : -1n);

/** A grid edit of one item's list price (the Item Adjustment grid's submitChange). */
export async function gridEditCase(c: Ctx, pool: Item[]): Promise<Row> {
  const apiMs: number[] = [];
  const newMs: number[] = [];
  const oldMs: number[] = [];
  for (let i = 0; i < c.warmup + c.runs; i++) {
    const it = await c.api.fresh(c.zoneId, pool[(2 * i) % pool.length]);
    const price = asPrice(cents(it.UnitList) + nudge(it.UnitList));
    const body = {
      ZoneSetupID: c.zoneId,
      Item: { ID: it.ID, PackSize: it.PackSize, UpdateKey: it.UpdateKey, UnitList: price },
    };
    const [a, r] = await time(() => c.api.post<GridEditAnswer>(`/adjust/${c.user}/submitChange`, body));
    const saved = r.GetSSCSItemsResult;
    if (saved.Message !== msg('ITEM_SAVED') || cents(saved.Items[0].UnitList) !== cents(price))
      throw new Error(`grid edit of ${it.ID} not saved: ${JSON.stringify(saved.Message)}`);
    if (i >= c.warmup) apiMs.push(a);
    await floors(c, change([it], [price]), newMs, oldMs, i >= c.warmup);
  }
  return rowOf('grid edit: one item list price +/-0.01', apiMs, newMs, oldMs, c.newLayout);
}

/** Set Price on one item (the batch call with one selected item), +/-0.01. */
export async function oneSetPriceCase(c: Ctx, pool: Item[]): Promise<Row> {
  const apiMs: number[] = [];
  const newMs: number[] = [];
  const oldMs: number[] = [];
  for (let i = 0; i < c.warmup + c.runs; i++) {
    const it = await c.api.fresh(c.zoneId, pool[(2 * i + 1) % pool.length]);
    const step = nudge(it.UnitList);
    const [a, r] = await time(() =>
      c.api.post<BatchAnswer>(`/adjust/${c.user}/updateSSCSItemsPriceChange`, {
        ZoneSetupID: c.zoneId,
        SelectedItems: [{ ID: it.ID, PackSize: it.PackSize, UpdateKey: it.UpdateKey }],
        UpdateType: UpdateType.AddAmount,
        RoundType: RoundType.None,
        ChangeAmount: step > 0n ? '0.01' : '-0.01',
      }),
    );
    const price = asPrice(cents(it.UnitList) + step);
    const after = await c.api.fresh(c.zoneId, it);
    if (r.RootResults?.Saved !== 1 || cents(after.UnitList) !== cents(price))
      throw new Error(`1-item Set Price of ${it.ID} not saved: ${JSON.stringify(r.RootResults)}`);
    if (i >= c.warmup) apiMs.push(a);
    await floors(c, change([it], [price]), newMs, oldMs, i >= c.warmup);
  }
  return rowOf('Set Price: 1 item +/-0.01', apiMs, newMs, oldMs, c.newLayout);
}

/**
 * Batch Set Price on the first `size` items whose ID starts with 7, at every store of the zone:
 * +5 % then -5 % alternately, rounded to last digit 9; every price checked against the domain's
 * arithmetic. No warm-up (each run is long).
 */
export async function batchSetPriceCase(c: Ctx, size: number, batchRuns: number): Promise<Row> {
  const criteria = { ApplyInventoryID: true, InventoryID: '7' };
  const apiMs: number[] = [];
  const newMs: number[] = [];
  const oldMs: number[] = [];
  let n = 0;
  for (let i = 0; i < batchRuns; i++) {
    const before = await c.api.search(c.zoneId, criteria, size);
    n = before.length;
    const pct = i % 2 === 0 ? 5000n : -5000n;
    const [a, r] = await time(() =>
      c.api.post<BatchAnswer>(`/adjust/${c.user}/updateSSCSItemsPriceChange`, {
        ZoneSetupID: c.zoneId,
        SelectedItems: before.map((x) => ({ ID: x.ID, PackSize: x.PackSize, UpdateKey: x.UpdateKey })),
        UpdateType: UpdateType.AddPercent,
        RoundType: RoundType.Last9,
        ChangeAmount: pct > 0n ? '5' : '-5',
      }),
    );
    if (r.RootResults?.Saved !== n) throw new Error(`batch Set Price saved ${r.RootResults?.Saved} of ${n}`);
    const expected = before.map((x) =>
      asPrice(
        applyPriceChange(cents(x.UnitList), { type: UpdateType.AddPercent, amount: pct }, RoundType.Last9),
      ),
    );
    const after = new Map(
      (await c.api.search(c.zoneId, criteria, size)).map((x) => [`${x.ID}/${x.PackSize}`, x]),
    );
    const wrong = before.filter(
      (x, k) => cents(after.get(`${x.ID}/${x.PackSize}`)?.UnitList ?? '-1') !== cents(expected[k]),
    );
    if (wrong.length) throw new Error(`batch Set Price: ${wrong.length} prices are not the expected ones`);
    apiMs.push(a);
    await floors(c, change(before, expected), newMs, oldMs, true);
  }
  return rowOf(`batch Set Price +/-5% last digit 9: ${n} items`, apiMs, newMs, oldMs, c.newLayout);
}
