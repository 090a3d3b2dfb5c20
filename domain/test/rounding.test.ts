import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CENTS } from '../src/money';
import { parseRoundType, RoundType, roundPrice, roundTypeFromFlags } from '../src/rounding';

const { None, Last5, Last9, Last5or9 } = RoundType;

// Prices in cents; every expected value worked from RULES.md by hand.
describe('roundPrice, RULES.md examples', () => {
  it.each([
    [490n, Last5, 495n, '4.90 -> 4.95'],
    [496n, Last5, 505n, '4.96 -> 5.05'],
    [491n, Last9, 499n, '4.91 -> 4.99'],
    [510n, Last9, 509n, '5.10 -> 5.09'],
    [491n, Last5or9, 495n, 'both: 1 -> 5 in the same dime'],
    [494n, Last5or9, 495n, 'both: 4 -> 5 in the same dime'],
    [496n, Last5or9, 499n, 'both: 6 -> 9 in the same dime'],
    [498n, Last5or9, 499n, 'both: 8 -> 9 in the same dime'],
    [490n, Last5or9, 489n, 'both: 0 -> down one cent to 9'],
    [495n, Last5or9, 495n, 'both: 5 stays'],
    [499n, Last5or9, 499n, 'both: 9 stays'],
    [495n, Last5, 495n, 'already on 5 stays'],
    [499n, Last9, 499n, 'already on 9 stays'],
  ] as [bigint, RoundType, bigint, string][])('%s with rule %i is %s (%s)', (cents, rule, expected) => {
    expect(roundPrice(cents, rule)).toBe(expected);
  });
});

describe('roundPrice, last digit 5', () => {
  it.each([
    [500n, 505n],
    [501n, 505n],
    [504n, 505n],
    [506n, 515n],
    [509n, 515n],
    [1n, 5n],
    [9n, 15n],
    [9999995n, 9999995n],
    [9999999n, 10000005n], // 99999.99 -> 100000.05: above what a POS takes (isPosPrice catches it)
    [0n, 0n], // decision: zero stays zero
    [-490n, -495n], // decision: negatives round by size, sign kept
    [-496n, -505n],
    [-5n, -5n],
  ])('%s -> %s', (cents, expected) => {
    expect(roundPrice(cents, Last5)).toBe(expected);
  });
});

describe('roundPrice, last digit 9', () => {
  it.each([
    [500n, 499n],
    [501n, 509n],
    [505n, 509n],
    [508n, 509n],
    [10n, 9n],
    [100n, 99n],
    [1n, 9n],
    [9999999n, 9999999n],
    [9999990n, 9999989n],
    [0n, 0n],
    [-491n, -499n],
    [-510n, -509n],
  ])('%s -> %s', (cents, expected) => {
    expect(roundPrice(cents, Last9)).toBe(expected);
  });
});

describe('roundPrice, last digit 5 or 9', () => {
  it.each([
    [492n, 495n],
    [497n, 499n],
    [510n, 509n],
    [1n, 5n],
    [6n, 9n],
    [10n, 9n],
    [9999999n, 9999999n],
    [9999991n, 9999995n],
    [0n, 0n],
    [-491n, -495n],
    [-496n, -499n],
    [-500n, -499n],
  ])('%s -> %s', (cents, expected) => {
    expect(roundPrice(cents, Last5or9)).toBe(expected);
  });
});

describe('roundPrice, no rounding', () => {
  it.each([123n, -7n, 0n, 9999999n, 490n])('%s stays', (cents) => {
    expect(roundPrice(cents, None)).toBe(cents);
  });
});

describe('RoundType numbering and names', () => {
  it.each([
    ['NoRounding', 0],
    ['None', 0],
    ['last digit 5', 1],
    ['Last5', 1],
    ['LastDigit9', 2],
    ['last_digit_9', 2],
    ['last digit 5 or 9', 3],
    ['Last5or9', 3],
    ['both', 3],
    ['3', 3],
    [2, 2],
    [0, 0],
    [4, null],
    ['foo', null],
    [-1, null],
  ] as const)('%j -> %s', (name, expected) => {
    expect(parseRoundType(name)).toBe(expected);
  });

  it('reads the Set Price form check boxes', () => {
    expect(roundTypeFromFlags(false, false)).toBe(None);
    expect(roundTypeFromFlags(true, false)).toBe(Last5);
    expect(roundTypeFromFlags(false, true)).toBe(Last9);
    expect(roundTypeFromFlags(true, true)).toBe(Last5or9);
  });
});

describe('rounding properties', () => {
  const price = fc.bigInt({ min: -MAX_PRICE_CENTS, max: MAX_PRICE_CENTS }).filter((c) => c !== 0n);
  const abs = (v: bigint) => (v < 0n ? -v : v);
  const digit = (v: bigint) => abs(v) % 10n;
  const rule = fc.constantFrom(Last5, Last9, Last5or9);

  it('lands on the target digit', () => {
    fc.assert(
      fc.property(price, rule, (c, r) => {
        const d = digit(roundPrice(c, r));
        if (r === Last5) return d === 5n;
        if (r === Last9) return d === 9n;
        return d === 5n || d === 9n;
      }),
    );
  });

  it('moves the price by size within the rule bounds, never more than 9 cents', () => {
    // Last5: up 0..9 (a 6 goes to the next 5); Last9: up 0..8 or down 1 (a 0);
    // both: up 0..4 (a 1 goes to 5) or down 1 (a 0).
    const bounds = { [Last5]: [0n, 9n], [Last9]: [-1n, 8n], [Last5or9]: [-1n, 4n] } as const;
    fc.assert(
      fc.property(price, rule, (c, r) => {
        const moved = abs(roundPrice(c, r)) - abs(c);
        const [lo, hi] = bounds[r];
        return moved >= lo && moved <= hi;
      }),
    );
  });

  it('only goes down when the cent digit is 0, and then by exactly one cent', () => {
    fc.assert(
      fc.property(price, rule, (c, r) => {
        const moved = abs(roundPrice(c, r)) - abs(c);
        return moved >= 0n || (moved === -1n && digit(c) === 0n && r !== Last5);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_PRICE_CENTS, max: MAX_PRICE_CENTS }),
        fc.constantFrom(None, Last5, Last9, Last5or9),
        (c, r) => {
          const once = roundPrice(c, r);
          return roundPrice(once, r) === once;
        },
      ),
    );
  });

  it('keeps the sign and the order of prices', () => {
    fc.assert(
      fc.property(price, price, rule, (a, b, r) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const sameSign = roundPrice(a, r) > 0n === a > 0n;
        return sameSign && roundPrice(lo, r) <= roundPrice(hi, r);
      }),
    );
  });
});
