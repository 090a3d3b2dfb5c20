import { describe, expect, it } from 'vitest';
import { costMoves } from './presenter';
import { dedupe } from './service';

describe('costMoves (Cost Compare Variance, preference 7)', () => {
  it('flags a move of more than the percent, either way, and not one of exactly the percent', () => {
    expect(costMoves('1.1000', '1.0000', 10)).toBe(false);
    expect(costMoves('1.1001', '1.0000', 10)).toBe(true);
    expect(costMoves('0.8999', '1.0000', 10)).toBe(true);
    expect(costMoves('0.9000', '1.0000', 10)).toBe(false);
  });

  it('0 percent flags nothing; a cost from 0 always moves; no cost is no move', () => {
    expect(costMoves('5.0000', '1.0000', 0)).toBe(false);
    expect(costMoves('0.0001', '0.0000', 50)).toBe(true);
    expect(costMoves('0.0000', '0.0000', 50)).toBe(false);
    expect(costMoves(null, '1.0000', 10)).toBe(false);
  });
});

describe('dedupe (Accept lists by ID and pack size)', () => {
  it('keeps the last of each item', () => {
    const out = dedupe([
      { ID: 'A', PackSize: 1, n: 1 },
      { ID: 'A', PackSize: 6, n: 2 },
      { ID: 'A', PackSize: 1, n: 3 },
    ]);
    expect(out).toEqual([
      { ID: 'A', PackSize: 6, n: 2 },
      { ID: 'A', PackSize: 1, n: 3 },
    ]);
  });
});
