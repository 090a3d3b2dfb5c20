import { describe, expect, it } from 'vitest';
import { differenceText, totalDifferenceText } from './money';

describe('Negotiated Cost Report money', () => {
  it.each([
    ['12.5000', '$12.50'],
    ['-3.2500', '-$3.25'],
    ['0.0050', '$0.01'],
    ['-0.0050', '-$0.01'],
    ['0.0049', '$0.00'],
    ['1234567.8949', '$1,234,567.89'],
    ['0.0000', '$0.00'],
  ])('an invoice difference %s shows as %s', (d, text) => {
    expect(differenceText(d)).toBe(text);
  });

  it('the total sums the 4-decimal differences exactly before rounding to cents', () => {
    // 0.0040 x 3 = 0.0120: rounding each first would give $0.00.
    expect(totalDifferenceText(['0.0040', '0.0040', '0.0040'])).toBe('$0.01');
    // Floats would give 0.30000000000000004 here; the text is exact.
    expect(totalDifferenceText(['0.1000', '0.2000'])).toBe('$0.30');
    expect(totalDifferenceText(['10.0000', '-12.3450'])).toBe('-$2.35');
    expect(totalDifferenceText([])).toBe('$0.00');
  });
});
