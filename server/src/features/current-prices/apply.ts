/**
 * Apply and Undo of the Current Prices Report (beyond the spec, docs/api.md "Current Prices
 * Report"): Apply makes the chosen price the item's price at every store of the zone and keeps the
 * prices it replaced; Undo puts them back, refused when a store changed the item since. Both go
 * through the write path (zone locks, store checks, UpdateKey) with history source
 * 'Current Prices Report'; each call takes a list of items and is one transaction (a refused item
 * writes nothing of the others).
 */
import { fromMinor, itemKey, msg, PRICE_SCALE, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { keysIn } from '../pricebook/layers';
import { writeSiteItems } from '../pricebook/write';
import { beginWrite } from '../pricebook/write-scope';
import { currentPricesRows } from './report';

export const HISTORY_SOURCE = 'Current Prices Report';

interface Who {
  user: string;
  userId: number;
  zoneId: number;
}
interface Item {
  ID: string;
  PackSize: number;
}

async function zoneKey(ex: Executor, zoneId: number, item: Item) {
  const [r] = await rows<{ key: string; inv_type: string | null }>(
    ex,
    sql`select update_key::text as key, inv_type from zone_items
      where zone_id = ${zoneId} and item_id = ${item.ID} and pack_size = ${item.PackSize}`,
  );
  if (!r) throw new AppError('NOT_FOUND', `${item.ID}@${item.PackSize}: ${msg('NO_RECORDS_FOUND')}`);
  return r;
}

type Choice = Item & { Price: string; UpdateKey?: string | null };

/**
 * Apply of every chosen price in one transaction: a refusal of any item writes nothing. Set-based:
 * the items' keys and store prices are read in one statement each, and every item whose stores do
 * not all have its chosen price is written in one write of the whole zone (the write path moves
 * the base rows and folds the stores' own rows, as a batch Set Price does).
 */
export function applyCurrentPrices(db: Db, o: Who & { items: readonly Choice[] }) {
  return db.transaction(async (tx) => {
    const scope = await beginWrite(tx, { userId: o.userId, zoneId: o.zoneId });
    const keys = o.items.map((i) => ({ itemId: i.ID, packSize: i.PackSize }));
    const found = await rows<{ item_id: string; pack_size: number; inv_type: string | null }>(
      tx,
      sql`select zi.item_id, zi.pack_size, zi.inv_type from zone_items zi
        where zi.zone_id = ${o.zoneId} and ${keysIn('zi', keys)}`,
    );
    const known = new Map(found.map((f) => [itemKey(f.item_id, f.pack_size), f]));
    for (const item of o.items) {
      const f = known.get(itemKey(item.ID, item.PackSize));
      if (!f) throw new AppError('NOT_FOUND', `${item.ID}@${item.PackSize}: ${msg('NO_RECORDS_FOUND')}`);
      if (f.inv_type === 'X') throw new AppError('VALIDATION', msg('EXPENSE_LIST_LOCKED'));
    }
    const prices = await rows<{ item_id: string; pack_size: number; site_id: number; unit_list: string }>(
      tx,
      sql`select si.item_id, si.pack_size, si.site_id, si.unit_list::text as unit_list
        from site_items si join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${o.zoneId}
        where ${keysIn('si', keys)} and not si.deleted order by si.site_id`,
    );
    const chosen = new Map(
      o.items.map((i) => [itemKey(i.ID, i.PackSize), fromMinor(toMinor(i.Price, PRICE_SCALE), PRICE_SCALE)]),
    );
    // Per item, the stores whose price is not the chosen one (what Undo puts back).
    const before = new Map<string, Array<{ site_id: number; unit_list: string }>>();
    for (const p of prices) {
      const k = itemKey(p.item_id, p.pack_size);
      if (toMinor(p.unit_list, PRICE_SCALE) === toMinor(chosen.get(k) ?? '0', PRICE_SCALE)) continue;
      before.set(k, [...(before.get(k) ?? []), { site_id: p.site_id, unit_list: p.unit_list }]);
    }
    const moving = o.items.filter((i) => before.has(itemKey(i.ID, i.PackSize)));
    if (moving.length > 0) {
      await writeSiteItems({
        ex: tx,
        scope,
        user: o.user,
        source: HISTORY_SOURCE,
        zoneId: o.zoneId,
        fields: ['unitList'],
        changes: moving.map((i) => ({
          itemId: i.ID,
          packSize: i.PackSize,
          values: { unitList: chosen.get(itemKey(i.ID, i.PackSize)) ?? '' },
          updateKey: i.UpdateKey ?? null,
        })),
      });
      const movingKeys = moving.map((i) => ({ itemId: i.ID, packSize: i.PackSize }));
      const after = await rows<{ item_id: string; pack_size: number; key: string }>(
        tx,
        sql`select zi.item_id, zi.pack_size, zi.update_key::text as key from zone_items zi
          where zi.zone_id = ${o.zoneId} and ${keysIn('zi', movingKeys)}`,
      );
      const keyAfter = new Map(after.map((a) => [itemKey(a.item_id, a.pack_size), a.key]));
      const records = moving.map((i) => {
        const k = itemKey(i.ID, i.PackSize);
        return sql`(${o.zoneId}, ${i.ID}, ${i.PackSize}, ${o.user}, ${chosen.get(k)},
          ${JSON.stringify(before.get(k))}::jsonb, ${keyAfter.get(k)})`;
      });
      await tx.execute(sql`insert into current_price_applies (zone_id, item_id, pack_size, user_name, price, before, update_key)
        values ${sql.join(records, sql`, `)}`);
    }
    const rowsAfter = await currentPricesRows(tx, o.zoneId, o.items);
    let sites = 0;
    for (const b of before.values()) sites += b.length;
    return { Message: msg('PRICES_APPLIED'), Items: rowsAfter, Sites: sites };
  });
}

/** Undo of each item's last Apply in one transaction: a refusal of any item writes nothing. */
export function undoCurrentPrices(db: Db, o: Who & { items: readonly Item[] }) {
  return db.transaction(async (tx) => {
    const scope = await beginWrite(tx, { userId: o.userId, zoneId: o.zoneId });
    let sites = 0;
    for (const item of o.items) sites += await undoOne(tx, scope, o, item);
    const rowsAfter = await currentPricesRows(tx, o.zoneId, o.items);
    return { Message: msg('PRICES_UNDONE'), Items: rowsAfter, Sites: sites };
  });
}

async function undoOne(
  tx: Executor,
  scope: Awaited<ReturnType<typeof beginWrite>>,
  o: Who,
  item: Item,
): Promise<number> {
  const [last] = await rows<{
    id: number;
    before: Array<{ site_id: number; unit_list: string }>;
    update_key: string;
  }>(
    tx,
    sql`select id, before, update_key::text as update_key from current_price_applies
      where zone_id = ${o.zoneId} and item_id = ${item.ID} and pack_size = ${item.PackSize} and undone_at is null
      order by id desc limit 1 for update`,
  );
  if (!last) throw new AppError('VALIDATION', msg('PRICES_NOTHING_TO_UNDO'));
  const now = await zoneKey(tx, o.zoneId, item);
  if (now.key !== last.update_key) throw new AppError('CONFLICT', msg('PRICES_CHANGED_SINCE_APPLY'));
  // One write per old price, each to the stores that had it.
  const byPrice = new Map<string, number[]>();
  for (const s of last.before) byPrice.set(s.unit_list, [...(byPrice.get(s.unit_list) ?? []), s.site_id]);
  for (const [price, sites] of byPrice) {
    await writeSiteItems({
      ex: tx,
      scope,
      user: o.user,
      source: HISTORY_SOURCE,
      zoneId: o.zoneId,
      fields: ['unitList'],
      changes: [{ itemId: item.ID, packSize: item.PackSize, values: { unitList: price } }],
      coverage: sites,
      keysChecked: true,
    });
  }
  await tx.execute(sql`update current_price_applies set undone_at = now() where id = ${last.id}`);
  return last.before.length;
}
