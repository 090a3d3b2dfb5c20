import { describe, expect, it } from 'vitest';
import type { DepartmentEntry } from '../src/department';
import { MESSAGES } from '../src/messages';
import { fieldErrors, submitSummary } from '../src/schemas/common';
import { itemPriceSubmitError, makeItemSchema } from '../src/schemas/item';

const departments: DepartmentEntry[] = [
  { DeptSubNum: 201, DisplayDeptSub: '2.01', ItemTypeName: 'GR' },
  { DeptSubNum: 5000, DisplayDeptSub: '50.00', ItemTypeName: 'EX' },
];
const addItem = makeItemSchema({ mode: 'add', departments });
const editItem = makeItemSchema({ mode: 'edit', departments });

const valid = {
  ID: ' /425261 ',
  PackSize: '',
  UpcCode: '042100005264',
  UpcPackSize: '0',
  InvType: 'I',
  Description: 'Cola 12 oz',
  ReceiptDescription: 'COLA',
  DeptSub: '2.01',
  UnitList: '$1.99',
  UnitCost: '0.8765',
};

function errorsOf(schema: typeof addItem, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error);
}

describe('Add Item / Edit Item schema', () => {
  it('normalises a valid item', () => {
    const r = addItem.parse(valid);
    expect(r).toMatchObject({
      ID: '04210000526',
      PackSize: 1,
      UpcPackSize: 1,
      DeptSubNum: 201,
      DeptSub: { dept: 2, sub: 1 },
      UnitList: 199n,
      UnitCost: 8765n,
      SendToPos: true,
      Active: true,
    });
  });

  it.each([
    ['ID', '', MESSAGES.REQUIRED],
    ['ID', '/04252615', MESSAGES.UPC_CHK_DIGIT],
    ['PackSize', '0', MESSAGES.MIN_1],
    ['UpcCode', '', MESSAGES.REQUIRED],
    ['UpcCode', '042100005265', MESSAGES.UPC_CHK_DIGIT],
    ['UpcPackSize', '-1', MESSAGES.MIN_1],
    ['Description', '', MESSAGES.REQUIRED_35_MAX],
    ['Description', 'x'.repeat(36), MESSAGES.DESC_MAX_35],
    ['ReceiptDescription', 'y'.repeat(36), MESSAGES.DESC_MAX_35],
    ['DeptSub', '', MESSAGES.REQUIRED],
    ['DeptSub', 'candy bars', MESSAGES.INVALID_DEPT],
    ['UnitList', '', MESSAGES.REQUIRED],
    ['UnitList', '-0.01', MESSAGES.MIN_0],
    ['UnitList', 'abc', MESSAGES.INVALID_AMOUNT],
    ['UnitList', '100000.00', MESSAGES.PRICE_OUT_OF_RANGE],
    ['UnitCost', '-1', MESSAGES.MIN_0],
    ['InvType', 'Q', MESSAGES.REQUIRED],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(errorsOf(addItem, { ...valid, [field]: value })[field]).toBe(message);
  });

  it('accepts 35 characters, the largest POS price, a new numeric department and a blank cost', () => {
    const r = addItem.parse({
      ...valid,
      Description: 'x'.repeat(35),
      UnitList: '99,999.99',
      DeptSub: '7.5',
      UnitCost: '',
    });
    expect(r.Description).toHaveLength(35);
    expect(r.UnitList).toBe(9999999n);
    expect(r.DeptSubNum).toBe(750);
    expect(r.UnitCost).toBe(0n);
  });

  it('does not require the UPC when editing', () => {
    expect(editItem.safeParse({ ...valid, UpcCode: '' }).success).toBe(true);
  });

  it('puts a type X item only in an EX department', () => {
    expect(errorsOf(addItem, { ...valid, InvType: 'X' }).DeptSub).toBe(MESSAGES.EXPENSE_DEPT_ONLY);
    expect(addItem.safeParse({ ...valid, InvType: 'X', DeptSub: '50' }).success).toBe(true);
  });

  it('keeps max on hand at or above min on hand', () => {
    expect(errorsOf(addItem, { ...valid, MinOnHand: '5', MaxOnHand: '4' }).MaxOnHand).toBe(
      MESSAGES.MAX_BELOW_MIN,
    );
    expect(addItem.safeParse({ ...valid, MinOnHand: '5', MaxOnHand: '5' }).success).toBe(true);
  });

  it('upper-cases item group IDs and holds them to 28 characters', () => {
    expect(addItem.parse({ ...valid, ItemGroups: ['promo'] }).ItemGroups).toEqual(['PROMO']);
    expect(errorsOf(addItem, { ...valid, ItemGroups: ['g'.repeat(29)] })['ItemGroups.0']).toBe(
      '28 char. max',
    );
  });
});

describe('submit messages', () => {
  it("lists missing required fields as '{field names} is required.'", () => {
    const r = addItem.safeParse({ ...valid, ID: '', Description: '' });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(submitSummary(r.error, { ID: 'ID/PLU', Description: 'Description' })).toBe(
        'ID/PLU, Description is required.',
      );
    }
  });

  it("says 'Please correct the fields.' for other invalid fields", () => {
    const r = addItem.safeParse({ ...valid, UnitList: 'abc' });
    expect(r.success ? null : submitSummary(r.error)).toBe('Please correct the fields.');
  });

  it("says 'Please correct the required field(s).' for a price without cost or department", () => {
    expect(itemPriceSubmitError({ UnitCost: '', DeptSub: '2.01' })).toBe(
      'Please correct the required field(s).',
    );
    expect(itemPriceSubmitError({ UnitCost: '1.00', DeptSub: null })).toBe(
      'Please correct the required field(s).',
    );
    expect(itemPriceSubmitError({ UnitCost: '1.00', DeptSub: '2.01' })).toBeNull();
  });
});
