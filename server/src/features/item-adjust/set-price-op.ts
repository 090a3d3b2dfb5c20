/**
 * Set Price: new list prices from the zone's current price (add amount, set amount, add percent,
 * then the last-digit rule), either written now or kept in a pricing event (modes 1-3; the event
 * itself is features/pricing-events' work).
 */
import {
  applyPriceChange,
  type BodyOut,
  batchCalls,
  fromMinor,
  msg,
  NONE_EVENT,
  PRICE_SCALE,
  type PriceChange,
  parseMoneyInput,
  parsePercentInput,
  type RoundType,
  toMinor,
  UpdateType,
} from '@cpb/domain';
import { AppError } from '../../lib/errors';
import { listSome } from '../pricebook/write';
import { ident } from './batch-ops';
import { changeFor, defineBatchOp } from './batch-run';
import type { PriceItemRow } from './presenter';
import { departmentNames } from './preview-names';
import { ROW_SHAPES } from './zone-rows';

const setPrice = batchCalls.updateSSCSItemsPriceChange;

/** The change the body asks for (its UpdateType is one of the three, by the call's schema). */
function parseChange(body: BodyOut<typeof setPrice>): PriceChange {
  const type = body.UpdateType;
  const parsed =
    type === UpdateType.AddPercent
      ? parsePercentInput(String(body.ChangeAmount ?? ''))
      : parseMoneyInput(String(body.ChangeAmount ?? ''), PRICE_SCALE);
  if (!parsed.ok) throw new AppError('VALIDATION', `ChangeAmount: ${msg(parsed.code)}`);
  if (parsed.value === null) throw new AppError('VALIDATION', `ChangeAmount: ${msg('AMT_IS_REQD')}`);
  return { type, amount: parsed.value };
}

/** New prices per item; refuses expense items and prices a POS cannot take. */
export function newPrices(current: PriceItemRow[], change: PriceChange, round: RoundType): string[] {
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

export const setPriceOp = defineBatchOp(setPrice, {
  name: 'Set Price',
  rows: ROW_SHAPES.price,
  async plan(ctx, body, current) {
    const change = parseChange(body);
    const prices = newPrices(current, change, body.RoundType);
    const preview = async () => {
      const deptName = await departmentNames(ctx.ex, ctx.zoneId);
      return current.map((r, i) => ({
        ...ident(r),
        DeptSub: deptName(r.DeptSub),
        OldUnitList: r.UnitList,
        NewUnitList: prices[i],
      }));
    };
    const eventName = (body.PricingEventName ?? '').trim();
    if (!eventName || eventName === NONE_EVENT) {
      return {
        fields: ['unitList'],
        changes: current.map((r, i) => changeFor(r, body.SelectedItems, { unitList: prices[i] })),
        preview,
      };
    }
    // The event is checked now, so Preview refuses what OK would refuse.
    const events = ctx.services.pricingEvents;
    const target = await events.resolveTarget({
      ex: ctx.ex,
      zoneId: ctx.zoneId,
      name: eventName,
      mode: Number(body.PricingEventMode),
      effectiveDate: body.strEffectiveDate,
    });
    return {
      fields: [],
      changes: [],
      preview,
      skipSiteWrite: true,
      savedCount: current.length,
      message: msg('EVENT_ITEMS_SAVED', { n: current.length }),
      extra: async (ex) => {
        await events.savePrices({
          ex,
          zoneId: ctx.zoneId,
          user: ctx.user,
          target,
          prices: current.map((r, i) => ({ itemId: r.ID, packSize: r.PackSize, price: prices[i] })),
        });
      },
    };
  },
});
