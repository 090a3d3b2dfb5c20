import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  divRound,
  formatCurrency,
  formatDecimal,
  formatNumber,
  fromMinor,
  isPosPrice,
  parseMoneyInput,
  roundToScale,
  toMinor,
} from '../src/money';

describe('toMinor', () => {
  it.each([
    ['1.5', 2, 150n],
    ['1.50', 2, 150n],
    ['-0.10', 2, -10n],
    ['0', 2, 0n],
    ['12.3400', 4, 123400n],
    ['1.005', 2, 101n],
    ['-1.005', 2, -101n],
    ['1.004', 2, 100n],
    ['99999.99', 2, 9999999n],
    ['.5', 2, 50n],
    ['123', 0, 123n],
    ['0.0001', 4, 1n],
    ['0.00005', 4, 1n],
    ['-0.00005', 4, -1n],
    ['0.00004', 4, 0n],
    ['1.23456789', 3, 1235n],
    ['90071992547409.93', 2, 9007199254740993n],
  ])('%s at scale %i is %s', (text, scale, expected) => {
    expect(toMinor(text, scale)).toBe(expected);
  });

  it.each(['', 'abc', '1.2.3', '1e5', '$1', '1,000', '--1', '.', 'NaN', 'Infinity'])(
    'throws on %j',
    (text) => {
      expect(() => toMinor(text, 2)).toThrow(RangeError);
    },
  );
});

describe('fromMinor', () => {
  it.each([
    [150n, 2, '1.50'],
    [-10n, 2, '-0.10'],
    [0n, 4, '0.0000'],
    [5n, 2, '0.05'],
    [123456n, 4, '12.3456'],
    [9999999n, 2, '99999.99'],
    [-1n, 4, '-0.0001'],
    [7n, 0, '7'],
    [33333n, 3, '33.333'],
    [9007199254740993n, 2, '90071992547409.93'],
  ])('%s at scale %i is %s', (v, scale, expected) => {
    expect(fromMinor(v, scale)).toBe(expected);
  });
});

describe('exact arithmetic', () => {
  it('0.1 + 0.2 is exactly 0.3', () => {
    const sum = toMinor('0.1', 2) + toMinor('0.2', 2);
    expect(sum).toBe(toMinor('0.3', 2));
    expect(fromMinor(sum, 2)).toBe('0.30');
  });

  it('ten times 0.10 is exactly 1.00, and 1.10 + 2.20 is 3.30', () => {
    let total = 0n;
    for (let i = 0; i < 10; i++) total += toMinor('0.10', 2);
    expect(fromMinor(total, 2)).toBe('1.00');
    expect(fromMinor(toMinor('1.10', 2) + toMinor('2.20', 2), 2)).toBe('3.30');
  });

  it('keeps cents beyond the float range (2^53 + 1 cents)', () => {
    expect(fromMinor(toMinor('90071992547409.93', 2) + 1n, 2)).toBe('90071992547409.94');
  });
});

describe('roundToScale and divRound', () => {
  it.each([
    [123456n, 4, 2, 1235n],
    [-123450n, 4, 2, -1235n],
    [150n, 2, 4, 15000n],
    [149n, 2, 0, 1n],
    [150n, 2, 0, 2n],
    [-150n, 2, 0, -2n],
    [-149n, 2, 0, -1n],
    [5n, 1, 0, 1n],
    [4n, 1, 0, 0n],
    [0n, 4, 2, 0n],
  ])('%s from scale %i to %i is %s', (v, from, to, expected) => {
    expect(roundToScale(v, from, to)).toBe(expected);
  });

  it.each([
    [7n, 2n, 4n],
    [-7n, 2n, -4n],
    [7n, -2n, -4n],
    [5n, 3n, 2n],
    [-5n, 3n, -2n],
    [4n, 3n, 1n],
  ])('%s / %s rounds to %s', (n, d, expected) => {
    expect(divRound(n, d)).toBe(expected);
  });

  it('refuses division by zero', () => {
    expect(() => divRound(1n, 0n)).toThrow(RangeError);
  });
});

describe('parseMoneyInput', () => {
  it.each([
    ['1.5', 150n],
    ['$1.50', 150n],
    ['-0.10', -10n],
    [' 2 ', 200n],
    ['1,234.50', 123450n],
    ['-$2', -200n],
    ['$-2', -200n],
    ['+3', 300n],
    ['1.005', 101n],
    ['$1,234,567.89', 123456789n],
    ['.75', 75n],
    ['0', 0n],
    ['$ 4.99', 499n],
    ['99999.99', 9999999n],
  ])('%j is %s cents', (text, expected) => {
    expect(parseMoneyInput(text, 2)).toEqual({ ok: true, value: expected });
  });

  it.each(['', '   '])('blank %j is no value', (text) => {
    expect(parseMoneyInput(text, 2)).toEqual({ ok: true, value: null });
  });

  it.each([
    'abc',
    '1,23',
    '1.2.3',
    '$',
    '-',
    '--1',
    '-$-1',
    '1 000',
    '12,34.5',
    'NaN',
    '1e3',
    '$$1',
    ',123',
    '1.5$',
  ])('%j is INVALID_AMOUNT', (text) => {
    expect(parseMoneyInput(text, 2)).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
  });

  it('reads costs at 4 decimals', () => {
    expect(parseMoneyInput('$1.23456', 4)).toEqual({ ok: true, value: 12346n });
  });
});

describe('formatting', () => {
  it.each([
    [123450n, 2, '$1,234.50'],
    [-10n, 2, '-$0.10'],
    [0n, 2, '$0.00'],
    [9999999n, 2, '$99,999.99'],
    [12345n, 4, '$1.2345'],
    [1n, 2, '$0.01'],
    [-123456789n, 2, '-$1,234,567.89'],
    [123456789012345678901n, 2, '$1,234,567,890,123,456,789.01'],
  ])('formatCurrency(%s, %i) is %s', (v, scale, expected) => {
    expect(formatCurrency(v, scale)).toBe(expected);
  });

  it('uses the locale symbols', () => {
    expect(formatCurrency(123450n, 2, 'de-DE')).toBe('1.234,50\u00a0$');
    expect(formatNumber(12345, 'de-DE')).toBe('12.345');
  });

  it.each([
    [12345, '12,345'],
    [0, '0'],
    [1234567n, '1,234,567'],
  ])('formatNumber(%s) is %s', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });

  it.each([
    [33333n, 3, '33.333'],
    [-5000n, 3, '-5.000'],
    [123456789n, 3, '123,456.789'],
  ])('formatDecimal(%s, %i) is %s', (v, scale, expected) => {
    expect(formatDecimal(v, scale)).toBe(expected);
  });

  it('knows the largest POS price, 99999.99', () => {
    expect(isPosPrice(9999999n)).toBe(true);
    expect(isPosPrice(10000000n)).toBe(false);
    expect(isPosPrice(-9999999n)).toBe(true);
    expect(isPosPrice(-10000000n)).toBe(false);
  });
});

describe('money properties', () => {
  const scale = fc.integer({ min: 0, max: 6 });

  it('toMinor(fromMinor(v)) is v', () => {
    fc.assert(fc.property(fc.bigInt(), scale, (v, s) => toMinor(fromMinor(v, s), s) === v));
  });

  it('a formatted price parses back to itself', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (v) => {
        const r = parseMoneyInput(formatCurrency(v, 2), 2);
        return r.ok && r.value === v;
      }),
    );
  });

  it('scaling up then back down is the identity', () => {
    fc.assert(
      fc.property(fc.bigInt(), scale, fc.integer({ min: 0, max: 6 }), (v, s, k) => {
        return roundToScale(roundToScale(v, s, s + k), s + k, s) === v;
      }),
    );
  });
});
