import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CENTS } from '../src/money';
import {
  applyPriceChange,
  type PriceChange,
  parsePriceChange,
  priceOptToUpdateType,
  UpdateType,
} from '../src/price-change';
import { RoundType, roundPrice } from '../src/rounding';

const { NoChange, AddPercent, AddAmount, SetAmount } = UpdateType;
const { None, Last5, Last9, Last5or9 } = RoundType;
const pct = (milli: bigint): PriceChange => ({ type: AddPercent, amount: milli });
const add = (cents: bigint): PriceChange => ({ type: AddAmount, amount: cents });
const set = (cents: bigint): PriceChange => ({ type: SetAmount, amount: cents });

describe('UpdateType numbering (spec)', () => {
  it('is no change 0, add percent 1, add amount 2, set amount 3', () => {
    expect([NoChange, AddPercent, AddAmount, SetAmount]).toEqual([0, 1, 2, 3]);
  });

  it.each([
    ['addAmount', AddAmount],
    ['setAmount', SetAmount],
    ['addPercent', AddPercent],
    ['percentage', AddPercent],
    ['other', null],
  ])('priceOpt %s -> %s', (opt, expected) => {
    expect(priceOptToUpdateType(opt)).toBe(expected);
  });
});

describe('applyPriceChange', () => {
  it.each([
    [150n, pct(50000n), None, 225n, 'RULES.md: 50% on 1.50 gives 2.25'],
    [150n, add(25n), None, 175n, 'add 0.25'],
    [150n, add(25n), Last9, 179n, 'add 0.25, then last 9'],
    [150n, add(25n), Last5, 175n, 'add 0.25 lands on 5 already'],
    [100n, set(499n), None, 499n, 'set 4.99'],
    [100n, set(499n), Last5, 505n, 'set 4.99, then last 5'],
    [199n, pct(10000n), None, 219n, '+10% of 1.99 = 2.189 -> 2.19'],
    [199n, pct(10000n), Last5, 225n, '2.19 -> 2.25'],
    [199n, pct(-10000n), None, 179n, '-10% of 1.99 = 1.791 -> 1.79'],
    [100n, pct(12500n), None, 113n, '+12.5% of 1.00 = 1.125 -> 1.13 (half away)'],
    [100n, pct(12500n), Last5or9, 115n, '1.13 -> 1.15'],
    [100n, pct(-12500n), None, 88n, '-12.5% of 1.00 = 0.875 -> 0.88'],
    [100n, pct(-12500n), Last9, 89n, '0.88 -> 0.89'],
    [-100n, pct(12500n), None, -113n, 'negative price: -1.125 -> -1.13 (away from zero)'],
    [200n, add(-500n), None, -300n, 'a change may go negative; the preview shows it'],
    [200n, add(-500n), Last9, -299n, '-3.00 rounds by size: 3.00 -> 2.99'],
    [123n, { type: NoChange, amount: 999n }, Last9, 123n, 'no change: untouched, not rounded'],
    [123n, set(0n), Last9, 0n, 'set 0: zero stays zero'],
    [500n, pct(-100000n), Last5, 0n, '-100%: zero'],
    [100n, set(9999999n), Last9, 9999999n, 'the largest POS price 99999.99 ends in 9'],
    [9999999n, add(1n), None, 10000000n, 'no clamp: 100000.00 (isPosPrice says no)'],
    [300n, pct(33333n), None, 400n, '+33.333% of 3.00 = 3.99999 -> 4.00'],
    [300n, pct(33333n), Last9, 399n, '4.00 -> 3.99'],
    [10n, add(20n), None, 30n, '0.10 + 0.20 is exactly 0.30'],
    [0n, pct(50000n), None, 0n, 'a percentage of zero is zero'],
  ] as [bigint, PriceChange, RoundType, bigint, string][])(
    '%s with %o and rule %i -> %s (%s)',
    (old, change, rule, expected) => {
      expect(applyPriceChange(old, change, rule)).toBe(expected);
    },
  );
});

describe('parsePriceChange', () => {
  it.each([
    ['addAmount', '$1.50', { ok: true, value: add(150n) }],
    ['addAmount', '-0.25', { ok: true, value: add(-25n) }],
    ['setAmount', '4.99', { ok: true, value: set(499n) }],
    ['percentage', '12.5%', { ok: true, value: pct(12500n) }],
    ['addPercent', '-10', { ok: true, value: pct(-10000n) }],
    ['setAmount', '', { ok: false, code: 'AMT_IS_REQD' }],
    ['addPercent', '  ', { ok: false, code: 'AMT_IS_REQD' }],
    ['addAmount', 'abc', { ok: false, code: 'INVALID_AMOUNT' }],
    ['addPercent', 'x', { ok: false, code: 'INVALID_NUMBER' }],
    ['bogus', '1', { ok: false, code: 'AMT_IS_REQD' }],
  ])('%s %j -> %o', (opt, text, expected) => {
    expect(parsePriceChange(opt, text)).toEqual(expected);
  });
});

describe('price change properties', () => {
  const price = fc.bigInt({ min: -MAX_PRICE_CENTS, max: MAX_PRICE_CENTS });
  const rule = fc.constantFrom(None, Last5, Last9, Last5or9);

  it('the result is already rounded by its rule (a preview re-rounded changes nothing)', () => {
    const change = fc.record({
      type: fc.constantFrom(AddPercent, AddAmount, SetAmount),
      amount: fc.bigInt({ min: -MAX_PRICE_CENTS, max: MAX_PRICE_CENTS }),
    });
    fc.assert(
      fc.property(price, change, rule, (old, c, r) => {
        const next = applyPriceChange(old, c, r);
        return roundPrice(next, r) === next;
      }),
    );
  });

  it('adding p% then rounding to the cent is within half a cent of the exact product', () => {
    fc.assert(
      fc.property(price, fc.bigInt({ min: -100000n, max: 1000000n }), (old, p) => {
        const next = applyPriceChange(old, pct(p), None);
        // exact new price in 1/100000 cents: old * (100000 + p); compare scaled by 2
        const diff = 2n * (next * 100000n - old * (100000n + p));
        return diff <= 100000n && diff >= -100000n;
      }),
    );
  });

  it('set amount gives the same price whatever the old price was', () => {
    fc.assert(
      fc.property(price, price, price, rule, (a, b, amt, r) => {
        return applyPriceChange(a, set(amt), r) === applyPriceChange(b, set(amt), r);
      }),
    );
  });
});
