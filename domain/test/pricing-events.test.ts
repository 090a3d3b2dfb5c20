/** The pricing event lifecycle and the calendar's set prices form (domain/src/pricing-events.ts). */
import { describe, expect, it } from 'vitest';
import { makeEventHeaderSchema } from '../src/api/pricing-events';
import { MESSAGES } from '../src/messages';
import {
  canMoveEvent,
  EventPricesSchema,
  isEventEditable,
  PricingEventStatus,
  shownEventStatus,
} from '../src/pricing-events';

describe('event statuses', () => {
  it('allow pending -> ready -> distributed or error, and nothing else', () => {
    const all = [1, 2, 3, 4];
    const allowed = all.flatMap((from) =>
      all.filter((to) => canMoveEvent(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual(['1->2', '2->3', '2->4']);
    expect(canMoveEvent(7, 2)).toBe(false);
  });

  it('show any unknown code as error; only pending is editable', () => {
    expect([1, 2, 3, 4, 0, 5, -1].map(shownEventStatus)).toEqual([1, 2, 3, 4, 4, 4, 4]);
    expect([1, 2, 3, 4].map(isEventEditable)).toEqual([true, false, false, false]);
    expect(PricingEventStatus).toEqual({ Pending: 1, Ready: 2, Distributed: 3, Error: 4 });
  });
});

describe('the set prices form', () => {
  it("needs an amount unless the type is no change ('Please enter an amount.')", () => {
    const missing = EventPricesSchema.safeParse({ UpdateType: 2, ChangeAmount: ' ', RoundType: 0 });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ChangeAmount', 'Please enter an amount.'],
    ]);
    const none = EventPricesSchema.parse({ UpdateType: 0, ChangeAmount: '', RoundType: 0 });
    expect(none.change).toEqual({ type: 0, amount: 0n });
  });

  it('reads a percent for add percent and money for the amounts', () => {
    expect(EventPricesSchema.parse({ UpdateType: 1, ChangeAmount: '12.5', RoundType: 2 })).toEqual({
      change: { type: 1, amount: 12_500n },
      roundType: 2,
    });
    expect(EventPricesSchema.parse({ UpdateType: 3, ChangeAmount: '$1.50', RoundType: 0 }).change).toEqual({
      type: 3,
      amount: 150n,
    });
    expect(EventPricesSchema.safeParse({ UpdateType: 2, ChangeAmount: 'abc', RoundType: 0 }).success).toBe(
      false,
    );
  });
});

describe("the calendar's label and date as typed (makeEventHeaderSchema)", () => {
  // 2026-11-25 is a Wednesday.
  const schema = makeEventHeaderSchema({ today: '2026-11-25' });
  const errors = (name: string, date: string) => {
    const r = schema.safeParse({ name, date });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes a label and a weekday from today on', () => {
    expect(errors('Holiday', '11/25/2026')).toEqual([]);
    expect(errors('Holiday', '11/30/2026')).toEqual([]);
  });

  it("refuses an empty label, a past day, a weekend and no date, with the rules' messages", () => {
    expect(errors('  ', '11/25/2026')).toEqual(['name: Required.']);
    expect(errors('Holiday', '11/24/2026')).toEqual([`date: ${MESSAGES.DATE_BEFORE_TODAY}`]);
    expect(errors('Holiday', '11/28/2026')).toEqual([`date: ${MESSAGES.DATE_ON_WEEKEND}`]);
    expect(errors('Holiday', '')).toEqual([`date: ${MESSAGES.REQUIRED}`]);
  });
});
