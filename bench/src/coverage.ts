/**
 * Coverage cases (issue 26): a Set Price of `size` items with Coverage = every store of the zone
 * but the last, then Coverage = the first store alone, then the whole zone again on the same items
 * (whose stores now differ), then the whole zone once more (its stores agree again: the same write
 * as on a freshly seeded zone). `whole zone after coverage` is read against that last step and
 * against the batch case's median on the fresh zone (other items, another rounding). Each step is
 * checked: every item saved, and the stores' prices by SQL.
 *
 * The floors do the same shape of work on another `size` items (so the API's rows stay as written):
 * 49 of 50 moves the base row and gives the left-out store its own row with the old price; 1 of 50
 * gives that store its own row; the whole-zone floor is the batch case's new floor.
 */
import { fromMinor, RoundType, toMinor, UpdateType } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../server/src/db/arrays';
import { type Db, rows } from '../../server/src/db/client';
import { historyValues } from '../../server/src/features/pricebook/fields';
import type { BatchAnswer, Item, SearchAnswer } from './api';
import type { Ctx, Row } from './cases';
import { floorPriceWriteNew, type PriceChange } from './floor';
import { type Summary, summarize, time } from './stats';

const SOURCE = 'bench floor';
const criteria = { ApplyInventoryID: true, InventoryID: '7' };

/** Page `page` of `size` items of the search (ordered by ID). */
export const pageOf = async (c: Ctx, page: number, size: number) =>
  (
    await c.api.post<SearchAnswer>(`/adjust/${c.user}/sscitems`, {
      ZoneSetupID: c.zoneId,
      clientCriterias: criteria,
      Page: page,
      PageSize: size,
    })
  ).GetSSCSItemsResult.Items;

export const zoneSites = async (db: Db, zoneId: number) =>
  (
    await rows<{ site_id: number }>(
      db,
      sql`select site_id from zone_sites where zone_id = ${zoneId} order by priority`,
    )
  ).map((r) => r.site_id);

export const plus = (price: string, cents: bigint) => fromMinor(toMinor(price, 2) + cents, 2);

export async function setPrice(c: Ctx, items: Item[], amount: string, coverage?: number[]) {
  const [ms, r] = await time(() =>
    c.api.post<BatchAnswer>(`/adjust/${c.user}/updateSSCSItemsPriceChange`, {
      ZoneSetupID: c.zoneId,
      SelectedItems: items.map((x) => ({ ID: x.ID, PackSize: x.PackSize })),
      UpdateType: UpdateType.AddAmount,
      RoundType: RoundType.None,
      ChangeAmount: amount,
      ...(coverage ? { Coverage: coverage } : {}),
    }),
  );
  if (r.RootResults?.Saved !== items.length)
    throw new Error(`coverage Set Price saved ${r.RootResults?.Saved} of ${items.length}`);
  return ms;
}

/** Fails unless each store in `sites` prices every item at `expected` (item ID to price). */
export async function expectPrices(db: Db, sites: number[], expected: Map<string, string>) {
  const ids = [...expected.keys()];
  const wrong = await rows<{ n: number }>(
    db,
    sql`select count(*)::int n from site_items si
      join unnest(${pgArray(ids, 'text')}, ${pgArray([...expected.values()], 'numeric')}) as v(item_id, price)
        on v.item_id = si.item_id and si.pack_size = 1
      where si.site_id = any(${pgArray(sites, 'int')}) and si.item_id = any(${pgArray(ids, 'text')})
        and si.unit_list <> v.price`,
  );
  if (wrong[0].n > 0) throw new Error(`${wrong[0].n} store prices are not the expected ones`);
}

export const priceChange = (items: Item[], prices: string[]): PriceChange => ({
  ids: items.map((i) => i.ID),
  packs: items.map((i) => i.PackSize),
  prices,
});
const changesCte = (p: PriceChange) =>
  sql`v as (select * from unnest(${pgArray(p.ids, 'text')}, ${pgArray(p.packs, 'int')},
    ${pgArray(p.prices, 'numeric')}) as v(item_id, pack_size, price))`;

/** Floor, 49 of 50: the left-out store keeps the old row as its own, the base row moves, history. */
async function floorMostStores(db: Db, zoneId: number, p: PriceChange, left: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`with ${changesCte(p)}
      insert into site_exceptions select ${left}, b.item_id, b.pack_size, b.description, b.receipt_description,
        b.inv_type, b.dept, b.sub, b.unit_list, b.unit_cost, b.tax_group_id, b.redemption_id, b.active,
        b.min_on_hand, b.max_on_hand, b.min_purchase_qty, b.vendor_id, b.send_to_pos, false, b.version,
        b.updated_at, b.updated_by
      from base_items b join v on v.item_id = b.item_id and v.pack_size = b.pack_size
      where b.zone_id = ${zoneId} on conflict do nothing`);
    await floorPriceWriteNew(tx, zoneId, p, { others: [left] });
  });
}

/** Floor, 1 of 50: the store's own rows with the new price (made from the base rows), history each. */
async function floorOneStore(db: Db, zoneId: number, p: PriceChange, site: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`with ${changesCte(p)},
      own as (insert into site_exceptions select ${site}, b.item_id, b.pack_size, b.description,
          b.receipt_description, b.inv_type, b.dept, b.sub, v.price, b.unit_cost, b.tax_group_id, b.redemption_id,
          b.active, b.min_on_hand, b.max_on_hand, b.min_purchase_qty, b.vendor_id, b.send_to_pos, false,
          nextval('site_item_version_seq'), now(), ${SOURCE}
        from base_items b join v on v.item_id = b.item_id and v.pack_size = b.pack_size
        where b.zone_id = ${zoneId}
        on conflict (site_id, item_id, pack_size) do update set unit_list = excluded.unit_list, version = excluded.version
        returning *),
      h as (insert into item_changes (site_id, item_id, pack_size, changed_by, source, dept, sub, unit_list, values_after)
        select site_id, item_id, pack_size, ${SOURCE}, ${SOURCE}, dept, sub, unit_list, ${historyValues()} from own)
      update zone_items zi set is_price_uniform = false, is_uniform = false, update_key = own.version
      from own where zi.zone_id = ${zoneId} and zi.item_id = own.item_id and zi.pack_size = own.pack_size`);
  });
}

/**
 * The four steps, `runs` times (+0.10 then -0.10 in turn, so prices come back): coverage to all
 * stores but the last, to the first store alone, then the whole zone twice.
 */
export async function coverageCases(
  c: Ctx,
  size: number,
  runs: number,
  fresh: Summary | null,
): Promise<Row[]> {
  const sets = { api: await pageOf(c, 1, size), floor: await pageOf(c, 2, size) };
  if (sets.floor.length < size) throw new Error(`need ${size * 2} items for the coverage cases`);
  const sites = await zoneSites(c.db, c.zoneId);
  const [first, last] = [sites[0], sites[sites.length - 1]];
  const most = sites.slice(0, -1);
  const ms = { most: [] as number[], one: [] as number[], zone: [] as number[], again: [] as number[] };
  const fl = { most: [] as number[], one: [] as number[], zone: [] as number[] };
  for (let i = 0; i < runs; i++) {
    const step = i % 2 === 0 ? 10n : -10n;
    const amount = step > 0n ? '0.10' : '-0.10';
    // Current zone prices (uniform on these items at the start of each run).
    const api = await c.api.search(c.zoneId, criteria, size);
    const floorItems = sets.floor;
    const floorNow = new Map((await pageOf(c, 2, size)).map((x) => [x.ID, x.UnitList]));
    const p0 = new Map(api.map((x) => [x.ID, x.UnitList]));
    const p1 = new Map(api.map((x) => [x.ID, plus(x.UnitList, step)]));
    const p2 = new Map(api.map((x) => [x.ID, plus(x.UnitList, 2n * step)]));

    ms.most.push(await setPrice(c, sets.api, amount, most));
    await expectPrices(c.db, most, p1);
    await expectPrices(c.db, [last], p0);
    const f1 = floorItems.map((x) => plus(floorNow.get(x.ID) as string, step));
    fl.most.push((await time(() => floorMostStores(c.db, c.zoneId, priceChange(floorItems, f1), last)))[0]);

    ms.one.push(await setPrice(c, sets.api, amount, [first]));
    await expectPrices(c.db, [first], p2);
    await expectPrices(c.db, most.slice(1), p1);
    const f2 = f1.map((x) => plus(x, step));
    fl.one.push((await time(() => floorOneStore(c.db, c.zoneId, priceChange(floorItems, f2), first)))[0]);

    // The whole zone from its value (the 49 stores' price): every store at p1 + step.
    ms.zone.push(await setPrice(c, sets.api, amount));
    await expectPrices(c.db, sites, p2);
    const f3 = f1.map((x) => plus(x, step));
    fl.zone.push((await time(() => floorPriceWriteNew(c.db, c.zoneId, priceChange(floorItems, f3))))[0]);
    // The same write again, every store reading the base rows (as on a fresh zone).
    ms.again.push(await setPrice(c, sets.api, amount));
    await expectPrices(c.db, sites, new Map(api.map((x) => [x.ID, plus(x.UnitList, 3n * step)])));
    console.log(
      `coverage run ${i + 1}: ${most.length}/${sites.length} ${ms.most.at(-1)?.toFixed(0)} ms, 1/${sites.length} ${ms.one.at(-1)?.toFixed(0)} ms, whole zone after ${ms.zone.at(-1)?.toFixed(0)} ms, again ${ms.again.at(-1)?.toFixed(0)} ms`,
    );
  }
  const row = (operation: string, a: number[], f: number[]): Row => ({
    operation,
    api: summarize(a),
    newFloor: summarize(f),
    oldFloor: null,
  });
  const n = sites.length;
  const zoneRow = row(`whole zone after coverage: ${size} items +/-0.10`, ms.zone, fl.zone);
  const again = summarize(ms.again);
  const ratio = (m: number) => `${(zoneRow.api.median / m).toFixed(2)}x`;
  zoneRow.operation += ` (the same write with the stores agreeing ${again.median} ms: ${ratio(again.median)}`;
  zoneRow.operation += fresh ? `; fresh zone batch ${fresh.median} ms: ${ratio(fresh.median)})` : ')';
  return [
    row(`coverage ${n - 1} of ${n} stores: ${size} items +/-0.10`, ms.most, fl.most),
    row(`coverage 1 of ${n} stores: ${size} items +/-0.10`, ms.one, fl.one),
    zoneRow,
  ];
}
