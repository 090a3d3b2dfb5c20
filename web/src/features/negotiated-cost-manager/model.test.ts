import { describe, expect, it } from 'vitest';
import { costText, type HeaderRow, saveBodyOf, saveFailure, unsavedRows } from './model';

const row = (over: Partial<HeaderRow> = {}): HeaderRow => ({
  NegCostID: 7,
  Version: 3,
  VendorId: 'COREMARK',
  Label: 'Soda Deal',
  Cost: '0.95',
  Effective: '11/02/2026',
  Expiration: '12/31/2026',
  state: 'clean',
  ...over,
});

describe('Negotiated Cost Manager rules', () => {
  it('shows cost with 4 decimals; a value that does not read as typed', () => {
    expect(costText('0.95')).toBe('0.9500');
    expect(costText('3.125')).toBe('3.1250');
    expect(costText('abc')).toBe('abc');
  });

  it('sends the row with the version it was read at', () => {
    expect(saveBodyOf(row())).toEqual({
      NegotiatedCostHeader: {
        NegCostID: 7,
        Version: 3,
        VendorId: 'COREMARK',
        Label: 'Soda Deal',
        Cost: '0.95',
        CostEffectiveDateTime: '11/02/2026',
        CostExpirationDateTime: '12/31/2026',
      },
    });
  });

  it('says what the spec says of a refused save, and which rows it unselects', () => {
    expect(saveFailure(420, 'x')).toEqual({
      message: 'Backend server cannot save this item',
      unselect: false,
    });
    for (const status of [417, 500]) {
      const f = saveFailure(status, 'x');
      expect(f.message.startsWith('Error encountered during saving')).toBe(true);
      expect(f.unselect).toBe(true);
    }
    expect(saveFailure(409, 'changed by someone else')).toEqual({
      message: 'changed by someone else',
      unselect: false,
    });
  });

  it('counts the rows not saved', () => {
    const rows = [row(), row({ NegCostID: 8, state: 'dirty' }), row({ NegCostID: 9, state: 'error' })];
    expect(unsavedRows(rows).map((r) => r.NegCostID)).toEqual([8, 9]);
  });
});
