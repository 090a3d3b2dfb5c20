import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canEditMargin,
  costFromMargin,
  displayMargin,
  editMargin,
  isBelowCost,
  listFromMargin,
  marginForDisplay,
  marginOf,
  parsePercentInput,
  tryListFromMargin,
} from '../src/margin';

// list in cents, cost in ten-thousandths, margin in thousandths of a percent
describe('marginOf = (list - cost) / list * 100', () => {
  it.each([
    // spec edge cases
    [100n, 0n, 100000n, 'cost 0, list not: 100%'],
    [0n, 0n, 0n, 'both 0: 0'],
    [0n, 5000n, -100000n, 'cost not 0, list 0: -100%'],
    // worked by hand
    [150n, 10000n, 33333n, '1.50 over 1.00: 33.333%'],
    [200n, 10000n, 50000n, '2.00 over 1.00: 50%'],
    [100n, 15000n, -50000n, '1.00 under 1.50: -50%'],
    [300n, 10000n, 66667n, '3.00 over 1.00: 66.6667 -> 66.667%'],
    [1n, 1n, 99000n, '0.01 over 0.0001: 99%'],
    [3n, 100n, 66667n, '0.03 over 0.01'],
    [8n, 100n, 87500n, '0.08 over 0.01: 87.5%'],
    [2000n, 199999n, 1n, '0.0005% rounds half away to 0.001%'],
    [2000n, 200001n, -1n, '-0.0005% rounds half away to -0.001%'],
    [-100n, 5000n, 150000n, 'negative list -1.00, cost 0.50: 150%'],
    [9999999n, 0n, 100000n, 'largest POS price, no cost'],
    [9999999n, 999999900n, 0n, 'largest POS price at cost'],
  ])('list %s, cost %s -> %s (%s)', (list, cost, expected) => {
    expect(marginOf(list, cost)).toBe(expected);
  });
});

describe('listFromMargin = cost / (100 - margin) * 100', () => {
  it.each([
    [10000n, 50000n, 200n],
    [10000n, 33333n, 150n],
    [10000n, 0n, 100n],
    [0n, 25000n, 0n],
    [10000n, -50000n, 67n],
    [12345n, 25000n, 165n],
    [1n, 99999n, 1000n],
    [500000000n, 49999n, 9999800n],
    [1n, 98000n, 1n],
    [-1n, 98000n, -1n],
  ])('cost %s at margin %s -> list %s', (cost, margin, expected) => {
    expect(listFromMargin(cost, margin)).toBe(expected);
  });

  it.each([100000n, 100001n, 150000n])('margin %s (100%% or more) has no list price', (margin) => {
    expect(tryListFromMargin(10000n, margin)).toEqual({ ok: false, code: 'MARGIN_TOO_HIGH' });
    expect(() => listFromMargin(10000n, margin)).toThrow('The margin must be less than 100%.');
  });
});

describe('costFromMargin = list * (100 - margin) / 100', () => {
  it.each([
    [200n, 50000n, 10000n],
    [150n, 33333n, 10000n],
    [100n, 0n, 10000n],
    [100n, 100000n, 0n],
    [100n, 150000n, -5000n],
    [9999999n, 25000n, 749999925n],
    [1n, 33333n, 67n],
    [0n, 50000n, 0n],
    [1n, 99500n, 1n],
    [-100n, 50000n, -5000n],
  ])('list %s at margin %s -> cost %s', (list, margin, expected) => {
    expect(costFromMargin(list, margin)).toBe(expected);
  });
});

describe('marginForDisplay', () => {
  it.each([
    [{ list: 150n, cost: 10000n }, 33333n],
    [{ list: null, cost: 1n }, null],
    [{ list: 1n, cost: null }, null],
    [{ list: 100n, cost: 0n }, 100000n],
    [{ list: 0n, cost: 100n, panel: true }, null],
    [{ list: 100n, cost: 0n, panel: true }, null],
    [{ list: -100n, cost: 100n, panel: true }, null],
    [{ list: 200n, cost: 10000n, panel: true }, 50000n],
    [{ list: 100n, cost: 15000n, invType: 'X' }, null],
    [{ list: 200n, cost: 10000n, invType: 'X' }, 50000n],
    [{ list: 100n, cost: 15000n, invType: 'I' }, -50000n],
    [{ list: 0n, cost: 5000n, invType: 'X' }, null],
  ])('%o -> %s', (input, expected) => {
    expect(marginForDisplay(input)).toBe(expected);
  });
});

// Spec part 1 §5: "Margin is null for type X items with negative margin" wherever it is shown.
describe('displayMargin: the margin shown, from stored or typed texts', () => {
  it.each([
    // expense (X) items: a negative margin is blank, any other margin shows
    [{ list: '1.00', cost: '1.5000', invType: 'X' }, null, 'X, cost above list'],
    [{ list: '0.00', cost: '12.5000', invType: 'X' }, null, 'X, list 0 and a cost: -100% is blank'],
    [{ list: '2.00', cost: '1.0000', invType: 'X' }, '50.000', 'X, positive margin'],
    [{ list: '2.00', cost: '0.0000', invType: 'X' }, '100.000', 'X, no cost'],
    [{ list: '0.00', cost: '0.0000', invType: 'X' }, '0.000', 'X, both 0'],
    [{ list: '1.00', cost: '1.0000', invType: 'X' }, '0.000', 'X, list equals cost'],
    [{ list: '1.00', cost: '1.0001', invType: 'X' }, null, 'X, just below 0'],
    // other types keep negative margins
    [{ list: '1.00', cost: '1.5000', invType: 'I' }, '-50.000', 'I, cost above list'],
    [{ list: '0.00', cost: '12.5000', invType: 'S' }, '-100.000', 'S, list 0'],
    [{ list: '1.79', cost: '1.0740', invType: 'I' }, '40.000', 'the demo Coke'],
    // typed texts: money signs and commas, blank or unreadable amounts
    [{ list: '$1,000.00', cost: '500', invType: 'I' }, '50.000', 'typed money'],
    [{ list: '', cost: '1.0000', invType: 'I' }, null, 'blank list'],
    [{ list: '2.00', cost: 'abc', invType: 'I' }, null, 'unreadable cost'],
    [{ list: '2.00', cost: null, invType: 'I' }, null, 'no cost'],
    // the edit panels leave it blank unless list and cost are both positive
    [{ list: '2.00', cost: '0', invType: 'I', panel: true }, null, 'panel, no cost'],
    [{ list: '2.00', cost: '2.5000', invType: 'X', panel: true }, null, 'panel, X below 0'],
    [{ list: '2.00', cost: '1.0000', invType: 'X', panel: true }, '50.000', 'panel, X above 0'],
  ] as const)('%o -> %s (%s)', (input, expected, _case) => {
    expect(displayMargin(input)).toBe(expected);
  });
});

describe('parsePercentInput', () => {
  it.each([
    ['25', 25000n],
    ['25%', 25000n],
    ['12.5', 12500n],
    [' 12.5 % ', 12500n],
    ['-3.25', -3250n],
    ['0', 0n],
    ['33.3333', 33333n],
    ['33.3335', 33334n],
    ['.5', 500n],
    ['100', 100000n],
    ['', null],
  ])('%j -> %s', (text, expected) => {
    expect(parsePercentInput(text)).toEqual({ ok: true, value: expected });
  });

  it.each(['abc', '12.5.1', '%', '1,000', '25%%', '$5'])('%j is INVALID_NUMBER', (text) => {
    expect(parsePercentInput(text)).toEqual({ ok: false, code: 'INVALID_NUMBER' });
  });
});

describe('margin edits', () => {
  it('are allowed only for non-X items with a non-zero cost', () => {
    expect(canEditMargin('I', 10000n)).toBe(true);
    expect(canEditMargin('S', -1n)).toBe(true);
    expect(canEditMargin('X', 10000n)).toBe(false);
    expect(canEditMargin('I', 0n)).toBe(false);
    expect(canEditMargin('I', null)).toBe(false);
  });

  it.each([
    [{ invType: 'X', cost: 10000n, text: '50' }, 'EXPENSE_LIST_LOCKED'],
    [{ invType: 'I', cost: 0n, text: '50' }, 'MARGIN_NEEDS_COST'],
    [{ invType: 'I', cost: 10000n, text: 'abc' }, 'INVALID_NUMBER'],
    [{ invType: 'I', cost: 10000n, text: '' }, 'INVALID_NUMBER'],
    [{ invType: 'I', cost: 10000n, text: '100' }, 'MARGIN_TOO_HIGH'],
  ])('%o is rejected with %s (the old value stays)', (input, code) => {
    expect(editMargin(input)).toEqual({ ok: false, code });
  });

  it('sets the list from cost and margin, and shows the margin that list gives', () => {
    expect(editMargin({ invType: 'I', cost: 10000n, text: '50%' })).toEqual({
      ok: true,
      value: { list: 200n, margin: 50000n },
    });
    // 1.00 / 0.66667 = 1.499992... -> 1.50; (1.50 - 1.00) / 1.50 = 33.333%
    expect(editMargin({ invType: 'I', cost: 10000n, text: '33.333' })).toEqual({
      ok: true,
      value: { list: 150n, margin: 33333n },
    });
  });
});

describe('margin properties', () => {
  const list = fc.bigInt({ min: 1n, max: 9999999n });

  it('list -> margin -> list returns the list within a cent when 0.001% resolves a cent', () => {
    // The margin is held to 0.001%, so the list it gives back can be off by up
    // to 0.5 + list^2 / (2000 * cost - list) cents (docs/rules.md). That is at
    // most one cent whenever cost >= (list^2 + list) / 2000 (cents, cost units).
    const pair = list.chain((l) =>
      fc.tuple(fc.constant(l), fc.bigInt({ min: (l * l + l + 1999n) / 2000n, max: 2n * 10n ** 12n })),
    );
    fc.assert(
      fc.property(pair, ([l, c]) => {
        const back = listFromMargin(c, marginOf(l, c));
        return back - l <= 1n && l - back <= 1n;
      }),
    );
  });

  it('a high margin on a large price is where 0.001% is too coarse (the documented limit)', () => {
    // list 10,000.00, cost 999.95: margin 90.0005% -> 90.001%;
    // 999.95 / 9.999% = 10,000.50: fifty cents off, the bound 0.5 + 50.005 allows it.
    expect(marginOf(1000000n, 9999500n)).toBe(90001n);
    expect(listFromMargin(9999500n, 90001n)).toBe(1000050n);
  });

  it('list -> margin -> list stays within 0.5 + list^2 / (2000 cost - list) cents for every price', () => {
    const pair = list.chain((l) =>
      fc.tuple(fc.constant(l), fc.bigInt({ min: l / 2000n + 1n, max: 10n ** 12n })),
    );
    fc.assert(
      fc.property(pair, ([l, c]) => {
        const d = listFromMargin(c, marginOf(l, c)) - l;
        const ad = d < 0n ? -d : d;
        return ad === 0n || (2n * ad - 1n) * (2000n * c - l) <= 2n * l * l;
      }),
    );
  });

  it('cost -> list -> cost at a margin below 100% never drifts more than the list rounding allows', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: -100000n, max: 99000n }),
        (c, m) => {
          const back = costFromMargin(listFromMargin(c, m), m);
          // half a cent of list is 50 cost units, times (100 - m) / 100 <= 2: at most 100 units
          const d = back - c;
          return d <= 100n && d >= -100n;
        },
      ),
    );
  });
});

describe('isBelowCost: list (cents) against cost (ten-thousandths)', () => {
  it('is true only when the list is strictly below the cost', () => {
    expect(isBelowCost(99n, 10_000n)).toBe(true); // 0.99 < 1.0000
    expect(isBelowCost(100n, 10_000n)).toBe(false); // 1.00 = 1.0000
    expect(isBelowCost(100n, 10_001n)).toBe(true); // 1.00 < 1.0001
    expect(isBelowCost(0n, 0n)).toBe(false);
  });
});
