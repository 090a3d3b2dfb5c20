/**
 * Apply and Undo of the Current Prices Report (beyond the spec, docs/api.md "Current Prices
 * Report"): Apply makes the chosen price the item's price at every store of the zone and keeps the
 * prices it replaced; Undo puts them back, refused when a store changed the item since. Both go
 * through the write path (zone locks, store checks, UpdateKey) with history source
 * 'Current Prices Report', each in one transaction.
 */
import { fromMinor, msg, PRICE_SCALE, toMinor } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { writeSiteItems } from '../pricebook/write';
import { beginWrite } from '../pricebook/write-scope';
import { currentPricesRow } from './report';

export const HISTORY_SOURCE = 'Current Prices Report';
export const CURRENT_PRICE_MESSAGES = {
  nothingToUndo: 'There is no applied price to undo for this item.',
  changedSince: 'A store changed this item after the prices were applied; nothing was undone.',
  expense: msg('EXPENSE_LIST_LOCKED'),
} as const;

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

/** The item's price at each of the zone's stores. */
const storePrices = (ex: Executor, zoneId: number, item: Item) =>
  rows<{ site_id: number; unit_list: string }>(
    ex,
    sql`select si.site_id, si.unit_list::text as unit_list
      from site_items si join zone_sites zs on zs.site_id = si.site_id and zs.zone_id = ${zoneId}
      where si.item_id = ${item.ID} and si.pack_size = ${item.PackSize} and not si.deleted order by si.site_id`,
  );

async function answer(ex: Executor, zoneId: number, item: Item, message: string, sites: number) {
  const row = await currentPricesRow(ex, zoneId, item.ID, item.PackSize);
  if (!row) throw new AppError('NOT_FOUND', msg('NO_RECORDS_FOUND'));
  return { Message: message, Item: row, Sites: sites };
}

export function applyCurrentPrice(db: Db, o: Who & Item & { Price: string; UpdateKey?: string | null }) {
  const price = fromMinor(toMinor(o.Price, PRICE_SCALE), PRICE_SCALE);
  return db.transaction(async (tx) => {
    const scope = await beginWrite(tx, { userId: o.userId, zoneId: o.zoneId });
    const now = await zoneKey(tx, o.zoneId, o);
    if (now.inv_type === 'X') throw new AppError('VALIDATION', CURRENT_PRICE_MESSAGES.expense);
    const before = (await storePrices(tx, o.zoneId, o)).filter(
      (s) => toMinor(s.unit_list, PRICE_SCALE) !== toMinor(price, PRICE_SCALE),
    );
    const changes = [
      { itemId: o.ID, packSize: o.PackSize, values: { unitList: price }, updateKey: o.UpdateKey ?? null },
    ];
    if (before.length > 0) {
      await writeSiteItems({
        ex: tx,
        scope,
        user: o.user,
        source: HISTORY_SOURCE,
        zoneId: o.zoneId,
        fields: ['unitList'],
        changes,
        coverage: before.map((s) => s.site_id),
      });
      const after = await zoneKey(tx, o.zoneId, o);
      await tx.execute(sql`insert into current_price_applies (zone_id, item_id, pack_size, user_name, price, before, update_key)
        values (${o.zoneId}, ${o.ID}, ${o.PackSize}, ${o.user}, ${price}, ${JSON.stringify(before)}::jsonb, ${after.key})`);
    }
    return answer(tx, o.zoneId, o, msg('PRICES_APPLIED'), before.length);
  });
}

export function undoCurrentPrice(db: Db, o: Who & Item) {
  return db.transaction(async (tx) => {
    const scope = await beginWrite(tx, { userId: o.userId, zoneId: o.zoneId });
    const [last] = await rows<{
      id: number;
      before: Array<{ site_id: number; unit_list: string }>;
      update_key: string;
    }>(
      tx,
      sql`select id, before, update_key::text as update_key from current_price_applies
        where zone_id = ${o.zoneId} and item_id = ${o.ID} and pack_size = ${o.PackSize} and undone_at is null
        order by id desc limit 1 for update`,
    );
    if (!last) throw new AppError('VALIDATION', CURRENT_PRICE_MESSAGES.nothingToUndo);
    const now = await zoneKey(tx, o.zoneId, o);
    if (now.key !== last.update_key) throw new AppError('CONFLICT', CURRENT_PRICE_MESSAGES.changedSince);
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
        changes: [{ itemId: o.ID, packSize: o.PackSize, values: { unitList: price } }],
        coverage: sites,
        keysChecked: true,
      });
    }
    await tx.execute(sql`update current_price_applies set undone_at = now() where id = ${last.id}`);
    return answer(tx, o.zoneId, o, msg('PRICES_UNDONE'), last.before.length);
  });
}
