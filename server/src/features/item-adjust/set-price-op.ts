/**
 * Set Price: new list prices from the zone's current price (add amount, set amount, add percent,
 * then the last-digit rule), either written now or kept in a pricing event (modes 1-3).
 */
import {
  applyPriceChange,
  EventMode,
  effectiveDateError,
  fromMinor,
  isoDateInZone,
  msg,
  NONE_EVENT,
  PRICE_SCALE,
  type PriceChange,
  parseDateInput,
  parseMoneyInput,
  parsePercentInput,
  type RoundType,
  startOfDayInZone,
  toMinor,
  UpdateType,
} from '@cpb/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { listSome } from '../pricebook/write';
import { ident } from './batch-ops';
import { type BatchOp, changeFor, type SelectedItem } from './batch-run';
import type { ItemRow } from './presenter';
import { departmentNames } from './preview-names';

export interface SetPriceBody {
  SelectedItems: SelectedItem[];
  UpdateType: number;
  RoundType: number;
  ChangeAmount: string;
  PricingEventName?: string | null;
  strEffectiveDate?: string | null;
  PricingEventMode?: number | null;
}

/** Today as YYYY-MM-DD in the business time zone. */
export function todayIso(timeZone: string, now = new Date()): string {
  return isoDateInZone(now, timeZone);
}

function parseChange(body: SetPriceBody): PriceChange {
  const type = Number(body.UpdateType);
  if (![UpdateType.AddPercent, UpdateType.AddAmount, UpdateType.SetAmount].includes(type as 1 | 2 | 3)) {
    throw new AppError(
      'VALIDATION',
      `UpdateType: must be 1 (add percent), 2 (add amount) or 3 (set amount).`,
    );
  }
  const parsed =
    type === UpdateType.AddPercent
      ? parsePercentInput(String(body.ChangeAmount ?? ''))
      : parseMoneyInput(String(body.ChangeAmount ?? ''), PRICE_SCALE);
  if (!parsed.ok) throw new AppError('VALIDATION', `ChangeAmount: ${msg(parsed.code)}`);
  if (parsed.value === null) throw new AppError('VALIDATION', `ChangeAmount: ${msg('AMT_IS_REQD')}`);
  return { type: type as PriceChange['type'], amount: parsed.value };
}

/** New prices per item; refuses expense items and prices a POS cannot take. */
export function newPrices(current: ItemRow[], change: PriceChange, round: RoundType): string[] {
  const expense = current.filter((r) => r.InvType === 'X');
  if (expense.length) {
    throw new AppError(
      'VALIDATION',
      `${msg('EXPENSE_LIST_LOCKED')} (${listSome(expense.map((r) => r.idplu))})`,
    );
  }
  return current.map((r) => {
    const next = applyPriceChange(toMinor(r.UnitList, PRICE_SCALE), change, round);
    if (next < 0n || next > 9_999_999n) {
      throw new AppError(
        'VALIDATION',
        `${r.idplu}: new price ${fromMinor(next, PRICE_SCALE)}. ${msg('PRICE_OUT_OF_RANGE')}`,
      );
    }
    return fromMinor(next, PRICE_SCALE);
  });
}

interface EventRow {
  id: number;
  status: number;
  effective_at: Date;
}

async function findEvent(ex: Executor, zoneId: number, name: string): Promise<EventRow | null> {
  const [e] = await rows<EventRow>(
    ex,
    sql`select id, status, effective_at from pricing_events where zone_id = ${zoneId} and name = ${name}
      and status <> 3 order by effective_at desc limit 1`,
  );
  return e ?? null;
}

/** A new event starts at 12:00 AM of its day; later events that day get 12:01, 12:02 ... */
async function newEventTime(ex: Executor, zoneId: number, isoDay: string, timeZone: string): Promise<Date> {
  const midnight = startOfDayInZone(isoDay, timeZone);
  const [c] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int n from pricing_events where zone_id = ${zoneId}
      and effective_at >= ${midnight.toISOString()}::timestamptz and effective_at < ${midnight.toISOString()}::timestamptz + interval '1 day'`,
  );
  return new Date(midnight.getTime() + c.n * 60_000);
}

export const setPriceOp: BatchOp<SetPriceBody> = {
  name: 'Set Price',
  async plan(ctx, body, current) {
    const change = parseChange(body);
    const round = Number(body.RoundType ?? 0);
    const prices = newPrices(current, change, round as RoundType);
    const deptName = await departmentNames(ctx.ex, ctx.zoneId);
    const preview = current.map((r, i) => ({
      ...ident(r),
      DeptSub: deptName(r.DeptSub),
      OldUnitList: r.UnitList,
      NewUnitList: prices[i],
    }));
    const eventName = (body.PricingEventName ?? '').trim();
    if (!eventName || eventName === NONE_EVENT) {
      return {
        fields: ['unitList'],
        changes: current.map((r, i) => changeFor(r, body.SelectedItems, { unitList: prices[i] })),
        preview,
      };
    }
    const mode = Number(body.PricingEventMode);
    const existing = await findEvent(ctx.ex, ctx.zoneId, eventName);
    let eventDay: string | null = null;
    if (existing) {
      if (existing.status !== 1)
        throw new AppError('VALIDATION', `The event '${eventName}' is no longer pending; it cannot change.`);
      if (mode !== EventMode.AddToEvent && mode !== EventMode.ReplaceItems) {
        throw new AppError(
          'VALIDATION',
          `PricingEventMode: '${eventName}' exists; choose 1 (add to event) or 2 (replace items).`,
        );
      }
    } else {
      if (mode !== EventMode.NewEvent)
        throw new AppError(
          'VALIDATION',
          `PricingEventMode: '${eventName}' is a new event; only 3 (create new event) is allowed.`,
        );
      const err = effectiveDateError(body.strEffectiveDate, todayIso(ctx.timeZone));
      if (err) throw new AppError('VALIDATION', `strEffectiveDate: ${msg(err)}`);
      eventDay = parseDateInput(body.strEffectiveDate);
    }
    return {
      fields: [],
      changes: [],
      preview,
      skipSiteWrite: true,
      savedCount: current.length,
      message: msg('EVENT_ITEMS_SAVED', { n: current.length }),
      extra: async (ex) => {
        let eventId = existing?.id;
        if (!eventId) {
          const at = await newEventTime(ex, ctx.zoneId, eventDay!, ctx.timeZone);
          const [e] = await rows<{ id: number }>(
            ex,
            sql`insert into pricing_events (zone_id, name, effective_at, status, created_by)
              values (${ctx.zoneId}, ${eventName}, ${at.toISOString()}::timestamptz, 1, ${ctx.user}) returning id`,
          );
          eventId = e.id;
        } else if (mode === EventMode.ReplaceItems) {
          await ex.execute(sql`delete from pricing_event_items where event_id = ${eventId}`);
        }
        await ex.execute(sql`insert into pricing_event_items (event_id, item_id, pack_size, future_unit_list)
          select ${eventId}, v.item_id, v.pack_size, v.price from unnest(
            ${pgArray(
              current.map((r) => r.ID),
              'text',
            )}, ${pgArray(
              current.map((r) => r.PackSize),
              'int',
            )}, ${pgArray(prices, 'numeric')}) as v(item_id, pack_size, price)
          on conflict (event_id, item_id, pack_size) do update set future_unit_list = excluded.future_unit_list,
            update_key = pricing_event_items.update_key + 1`);
      },
    };
  },
};
