import { MESSAGES } from '@cpb/domain';
import { describe, expect, it } from 'vitest';
import { adjustedPrice, checkItemGroups, checkOuEdit } from './edits';
import { root } from './testRoots';
import { makeRootRow } from './treeRows';

const departments = [
  { DeptSubNum: 203, DisplayDeptSub: '2.03', DeptSubName: '2.03 Water', ItemTypeName: 'ALL' },
  { DeptSubNum: 501, DisplayDeptSub: '5.01', DeptSubName: '5.01 Wine', ItemTypeName: 'ALL' },
  { DeptSubNum: 9000, DisplayDeptSub: '90.00', DeptSubName: '90.00 Supplies', ItemTypeName: 'EX' },
];
const row = makeRootRow(root(), undefined, 1, false);

describe('inline edits of an outside update', () => {
  it('an existing department is accepted; another is MUST_BE_EXISTING_DEPT', () => {
    expect(checkOuEdit(row, 'DeptSub', '5.01', departments)).toEqual({
      ok: true,
      changed: true,
      edits: { DeptSub: '5.01' },
    });
    expect(checkOuEdit(row, 'DeptSub', '77.77', departments)).toEqual({
      ok: false,
      message: MESSAGES.MUST_BE_EXISTING_DEPT,
    });
  });

  it('a type X item takes only an EX department', () => {
    const x = makeRootRow(root({ ItemType: 'X' }), undefined, 1, false);
    expect(checkOuEdit(x, 'DeptSub', '5.01', departments)).toMatchObject({ ok: false });
    expect(checkOuEdit(x, 'DeptSub', '90.00', departments)).toMatchObject({ ok: true, changed: true });
  });

  it('the same value is no change', () => {
    expect(checkOuEdit(row, 'DeptSub', '2.03', departments)).toEqual({ ok: true, changed: false });
    expect(checkOuEdit(row, 'Price', '$1.790', departments)).toEqual({ ok: true, changed: false });
  });

  it('a price or margin that does not parse is INVALID_AMOUNT', () => {
    for (const bad of ['abc', '1.2.3', '', '1,2']) {
      expect(checkOuEdit(row, 'Price', bad, departments)).toEqual({
        ok: false,
        message: MESSAGES.INVALID_AMOUNT,
      });
      expect(checkOuEdit(row, 'Margin', bad, departments)).toEqual({
        ok: false,
        message: MESSAGES.INVALID_AMOUNT,
      });
    }
  });

  it('a price is exact, whatever its form', () => {
    expect(checkOuEdit(row, 'Price', '$2.1', departments)).toMatchObject({ edits: { Price: '2.10' } });
    expect(checkOuEdit(row, 'Price', '0.29', departments)).toMatchObject({ edits: { Price: '0.29' } });
  });

  it('a margin sets the price from the cost', () => {
    // 0.8377 / (1 - 0.5) = 1.6754 -> 1.68
    expect(checkOuEdit(row, 'Margin', '50', departments)).toMatchObject({
      ok: true,
      edits: { Margin: '50.000', Price: '1.68' },
    });
  });

  it('descriptions have fewer than 35 characters', () => {
    expect(checkOuEdit(row, 'Description', 'x'.repeat(34), departments)).toMatchObject({
      ok: true,
      changed: true,
    });
    expect(checkOuEdit(row, 'Description', 'x'.repeat(35), departments)).toEqual({
      ok: false,
      message: MESSAGES.MAX_35_LEN_ERR,
    });
    expect(checkOuEdit(row, 'ReceiptDescription', 'y'.repeat(35), departments)).toMatchObject({ ok: false });
  });
});

describe('the Item groups dialog and the Adjust price dialog', () => {
  it('chosen item groups are the edited groups (upper case, each once, sorted); the shown ones are no change', () => {
    const inSoda = makeRootRow(root({ ItemGroups: ['SODA'] }), undefined, 1, false);
    expect(checkItemGroups(inSoda, ['soda'])).toEqual({ ok: true, changed: false });
    expect(checkItemGroups(inSoda, ['WATER', 'soda', 'SODA'])).toEqual({
      ok: true,
      changed: true,
      edits: { ItemGroups: ['SODA', 'WATER'] },
    });
    expect(checkItemGroups(inSoda, [])).toEqual({ ok: true, changed: true, edits: { ItemGroups: [] } });
  });

  it('a new price from the shown price: add amount, set amount, percentage with the last-digit rule', () => {
    // The row shows 1.79 (root()); UpdateType 1 add percent, 2 add amount, 3 set amount.
    expect(adjustedPrice(row, { UpdateType: 2, RoundType: 0, ChangeAmount: '0.20' })).toEqual({
      ok: true,
      price: '1.99',
      from: '1.79',
    });
    expect(adjustedPrice(row, { UpdateType: 3, RoundType: 0, ChangeAmount: '$2.49' })).toMatchObject({
      price: '2.49',
    });
    // 1.79 + 10 % = 1.969 -> 1.97; last digit 9: 1.99.
    expect(adjustedPrice(row, { UpdateType: 1, RoundType: 0, ChangeAmount: '10' })).toMatchObject({
      price: '1.97',
    });
    expect(adjustedPrice(row, { UpdateType: 1, RoundType: 2, ChangeAmount: '10' })).toMatchObject({
      price: '1.99',
    });
    // An edited price is the one adjusted.
    const edited = makeRootRow(root(), { action: 'accept', edits: { Price: '3.00' } }, 1, false);
    expect(adjustedPrice(edited, { UpdateType: 2, RoundType: 0, ChangeAmount: '-0.50' })).toMatchObject({
      price: '2.50',
      from: '3.00',
    });
  });

  it('an amount missing or not a number, or a price out of range, is refused', () => {
    expect(adjustedPrice(row, { UpdateType: 2, RoundType: 0, ChangeAmount: '' })).toEqual({
      ok: false,
      message: MESSAGES.AMT_IS_REQD,
    });
    expect(adjustedPrice(row, { UpdateType: 2, RoundType: 0, ChangeAmount: 'abc' })).toEqual({
      ok: false,
      message: MESSAGES.INVALID_AMOUNT,
    });
    expect(adjustedPrice(row, { UpdateType: 2, RoundType: 0, ChangeAmount: '-5' })).toEqual({
      ok: false,
      message: MESSAGES.PRICE_OUT_OF_RANGE,
    });
  });
});
