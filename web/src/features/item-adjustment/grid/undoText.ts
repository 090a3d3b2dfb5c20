/** The Undo question's words: the values the last grid change gives back, as the grid shows them. */
import { COST_SCALE, formatCurrency, PRICE_SCALE, toMinor } from '@cpb/domain';
import type { TFunction } from 'i18next';
import type { EditField, ItemEdit, Redemption, TaxGroup } from '../types';

export interface UndoLookups {
  taxGroups: readonly TaxGroup[];
  redemptions: readonly Redemption[];
}

function shown(field: EditField, value: unknown, t: TFunction, lookups: UndoLookups): string {
  if (value === null || value === undefined || value === '') return t('itemAdjust.undoBlank');
  switch (field) {
    case 'UnitList':
      return formatCurrency(toMinor(String(value), PRICE_SCALE), PRICE_SCALE);
    case 'UnitCost':
      return formatCurrency(toMinor(String(value), COST_SCALE), COST_SCALE);
    case 'TaxGroupId':
      return lookups.taxGroups.find((g) => g.ID === value)?.DisplayName ?? String(value);
    case 'CrvID':
      return lookups.redemptions.find((r) => r.ID === value)?.DisplayValue ?? String(value);
    case 'Active':
      return value ? t('confirm.yes') : t('confirm.no');
    default:
      return `'${String(value)}'`;
  }
}

/** "Description 'COKE 12OZ CAN', Unit List $2.00": each field Undo writes back, with its value. */
export function undoValuesText(previous: ItemEdit, t: TFunction, lookups: UndoLookups): string {
  return (Object.keys(previous) as EditField[])
    .map((field) =>
      t('itemAdjust.undoValue', {
        field: t(`itemAdjust.col.${field}` as 'itemAdjust.col.ID'),
        value: shown(field, previous[field], t, lookups),
      }),
    )
    .join(', ');
}
