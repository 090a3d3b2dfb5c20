import { describe, expect, it } from 'vitest';
import { ITEM_ADJUST_ROWS } from './criteriaFields';
import { criteriaSummary, type SummaryLabels } from './criteriaSummary';

const NAMES: Record<string, string> = {
  itemId: 'Item ID',
  description: 'Item Description',
  unitList: 'Unit List',
  margin: 'Margin',
  department: 'Department',
};
const labels: SummaryLabels = {
  row: (row) => NAMES[row.key] ?? row.key,
  from: (name) => `${name} from`,
  to: (name) => `${name} to`,
};

describe('criteriaSummary', () => {
  it('lists the applied criteria in the panel order, ranges with both ends joined', () => {
    const form = {
      UnitListBeginRange: '1.00',
      UnitListEndRange: '2.50',
      ApplyUnitList: true,
      InventoryID: '0124410017',
      ApplyInventoryID: true,
    };
    expect(criteriaSummary(form, ITEM_ADJUST_ROWS, labels)).toEqual([
      'Item ID: 0124410017',
      'Unit List: 1.00 – 2.50',
    ]);
  });

  it('names the open end of a range with its from or to label', () => {
    const form = {
      DeptBeginRange: '2.00',
      ApplyDepartmentRange: true,
      MarginEndRange: '30',
      ApplyMarginRange: true,
    };
    expect(criteriaSummary(form, ITEM_ADJUST_ROWS, labels)).toEqual(['Margin to 30', 'Department from 2.00']);
  });

  it('leaves out a criterion whose apply box is off or whose value is empty', () => {
    const form = { ItemDesc: 'Lays', ApplyItemDescription: false, InventoryID: '  ', ApplyInventoryID: true };
    expect(criteriaSummary(form, ITEM_ADJUST_ROWS, labels)).toEqual([]);
  });
});
