import type { ValueFormatterParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { GridRow } from '../types';
import { buildColumns } from './columns';

const columns = buildColumns({
  t: ((k: string) => k) as unknown as TFunction,
  taxGroups: [],
  redemptions: [],
  canUpdateCost: true,
});
const format = (field: string, value: unknown) => {
  const col = columns.find((c) => c.field === field);
  const f = col?.valueFormatter as (p: ValueFormatterParams<GridRow>) => string;
  return f({ value } as ValueFormatterParams<GridRow>);
};

describe('money and margin cells', () => {
  it('format stored decimals as currency and percent', () => {
    expect(format('UnitList', '3.8')).toBe('$3.80');
    expect(format('UnitCost', '1.2345')).toBe('$1.2345');
    expect(format('Margin', '12.5')).toBe('12.500%');
  });

  it('show text that is not a decimal as typed (the grid shows a committed edit before it is checked)', () => {
    expect(format('UnitList', '$3.89')).toBe('$3.89');
    expect(format('UnitList', 'abc')).toBe('abc');
    expect(format('Margin', '12,5%')).toBe('12,5%');
    expect(format('UnitList', '')).toBe('');
  });
});
