/**
 * Future prices of an event from the domain's price and rounding rules (applyPriceChange on the
 * zone's current list price): the calendar's set prices, and mergeFuturePricing (items put in an
 * event with a price change, as Set Price does).
 */
import {
  applyPriceChange,
  fromMinor,
  itemKey,
  msg,
  PRICE_SCALE,
  type PriceChange,
  parseMoneyInput,
  parsePercentInput,
  type RoundType,
  toMinor,
  UpdateType,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { listSome } from '../pricebook/write';
import type { EventPrice } from './queries';

/** The highest list price a POS takes, in cents. */
const MAX_PRICE_CENTS = 9_999_999n;

/** The change a call asks for: UpdateType 0 keeps the current price; the others need an amount. */
export function readChange(updateType: number, amount: string | null | undefined): PriceChange {
  if (updateType === UpdateType.NoChange) return { type: UpdateType.NoChange, amount: 0n };
  const parsed =
    updateType === UpdateType.AddPercent
      ? parsePercentInput(String(amount ?? ''))
      : parseMoneyInput(String(amount ?? ''), PRICE_SCALE);
  if (!parsed.ok) throw new AppError('VALIDATION', `ChangeAmount: ${msg(parsed.code)}`);
  if (parsed.value === null) throw new AppError('VALIDATION', `ChangeAmount: ${msg('AMT_IS_REQD')}`);
  return { type: updateType as UpdateType, amount: parsed.value };
}

export interface ItemKeyIn {
  ID: string;
  PackSize: number;
}

/**
 * New prices of the items from the zone's current list price. Refuses items the zone does not
 * carry, expense items, and prices out of the POS's range.
 */
export async function futurePrices(
  ex: Executor,
  zoneId: number,
  items: ItemKeyIn[],
  change: PriceChange,
  round: RoundType,
): Promise<EventPrice[]> {
  const current = await rows<{
    item_id: string;
    pack_size: number;
    unit_list: string | null;
    inv_type: string | null;
  }>(
    ex,
    sql`select zi.item_id, zi.pack_size, zi.unit_list::text as unit_list, zi.inv_type from zone_items zi
      where zi.zone_id = ${zoneId} and zi.site_count > 0
        and (zi.item_id, zi.pack_size) in (select * from unnest(${pgArray(
          items.map((i) => i.ID),
          'text',
        )}, ${pgArray(
          items.map((i) => i.PackSize),
          'int',
        )}))`,
  );
  const byKey = new Map(current.map((r) => [itemKey(r.item_id, r.pack_size), r]));
  const missing = items.filter((i) => !byKey.has(itemKey(i.ID, i.PackSize)));
  if (missing.length) {
    throw new AppError(
      'VALIDATION',
      `${msg('NO_ITEMS_FOUND')} (${listSome(missing.map((i) => itemKey(i.ID, i.PackSize)))})`,
    );
  }
  const expense = current.filter((r) => r.inv_type === 'X');
  if (expense.length) {
    throw new AppError(
      'VALIDATION',
      `${msg('EXPENSE_LIST_LOCKED')} (${listSome(expense.map((r) => itemKey(r.item_id, r.pack_size)))})`,
    );
  }
  return items.map((i) => {
    const r = byKey.get(itemKey(i.ID, i.PackSize))!;
    const next = applyPriceChange(toMinor(r.unit_list ?? '0', PRICE_SCALE), change, round);
    if (next < 0n || next > MAX_PRICE_CENTS) {
      throw new AppError(
        'VALIDATION',
        `${itemKey(i.ID, i.PackSize)}: new price ${fromMinor(next, PRICE_SCALE)}. ${msg('PRICE_OUT_OF_RANGE')}`,
      );
    }
    return { itemId: i.ID, packSize: i.PackSize, price: fromMinor(next, PRICE_SCALE) };
  });
}
