/** How a divergent field's values read, and which fields have a common-value picker. */
import { COST_SCALE, formatCurrency, PRICE_SCALE, toMinor } from '@cpb/domain';
import type { DivergentField } from '../types';

/** Spec part 1 §2.4: pickers exist for list price, description and department. */
export const PICKER_FIELDS: readonly DivergentField[] = ['UnitList', 'Description', 'DeptSub'];

export function formatFieldValue(field: DivergentField, value: string): string {
  if (field === 'UnitList') return formatCurrency(toMinor(value, PRICE_SCALE), PRICE_SCALE);
  if (field === 'UnitCost') return formatCurrency(toMinor(value, COST_SCALE), COST_SCALE);
  return value;
}
