/**
 * The batch dialogs filled as a user fills them (spec part 1 §2.4, §5 "Batch dialogs"): the
 * domain's message under a refused field, OK and Preview enabled only when the form is valid,
 * and the body both hand the page.
 */
import { MESSAGES } from '@cpb/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption, openDialog } from '../../../test/batchDialog';
import { gridRow } from '../../../test/fixtures';
import type { Department, NegCostTemplate } from '../types';
import { SetCostDialog } from './SetCostDialog';
import { SetDepartmentDialog } from './SetDepartmentDialog';
import { SetItemGroupDialog } from './SetItemGroupDialog';
import { SetTaxGroupDialog } from './SetLookupDialog';
import { SetMinMaxDialog } from './SetMinMaxDialog';
import { SetNegotiatedCostDialog } from './SetNegotiatedCostDialog';
import { SetInactiveDialog } from './SetSimpleDialogs';

describe('Set Cost, filled', () => {
  it('shows why a typed cost is refused, nothing for a blank box, and sends a readable one at 4 decimals', async () => {
    const d = openDialog((p) => <SetCostDialog {...p} />);
    const cost = screen.getByRole('textbox', { name: 'Unit Cost' });
    await d.user.type(cost, '1.2.3');
    expect(cost).toHaveAccessibleDescription(MESSAGES.INVALID_AMOUNT);
    d.expectSubmit(false);
    await d.user.clear(cost);
    await d.user.type(cost, '-1');
    expect(cost).toHaveAccessibleDescription(MESSAGES.MIN_0);
    d.expectSubmit(false);
    await d.user.clear(cost);
    await d.user.type(cost, '10000000000');
    expect(cost).toHaveAccessibleDescription(MESSAGES.COST_OUT_OF_RANGE);
    d.expectSubmit(false);
    await d.user.clear(cost);
    expect(cost).toHaveAccessibleDescription('');
    d.expectSubmit(false);
    await d.user.type(cost, '$1,234.5');
    expect(cost).toHaveAccessibleDescription('');
    d.expectSubmit(true);
    expect(await d.pressPreview()).toEqual({ UnitCost: '1234.5000' });
    expect(await d.pressOk()).toEqual({ UnitCost: '1234.5000' });
  });
});

describe('Set Min/Max, filled', () => {
  // The selection's current values: min 2 and 4, max 10 and 8.
  const selected = [
    gridRow({ MinOnHand: 2, MaxOnHand: 10 }),
    gridRow({ ID: '04900000055', MinOnHand: 4, MaxOnHand: 8, MinPurchaseQty: 6 }),
  ];

  it('shows the selection’s ranges and limits, checks each box against them, and sends numbers (blank: null)', async () => {
    const d = openDialog((p) => <SetMinMaxDialog {...p} selected={selected} />);
    expect(screen.getByTestId('range-minOnHand')).toHaveTextContent('Across the selection: 2 – 4');
    expect(screen.getByTestId('range-maxOnHand')).toHaveTextContent('Across the selection: 8 – 10');
    expect(screen.getByTestId('range-minPurchaseQty')).toHaveTextContent('Across the selection: 6');
    expect(screen.getByText('Highest current min on hand: 4; lowest current max on hand: 8.')).toBeVisible();
    const min = screen.getByRole('textbox', { name: 'Min On Hand' });
    const max = screen.getByRole('textbox', { name: 'Max On Hand' });
    const qty = screen.getByRole('textbox', { name: 'Min Purchase Qty' });
    // Nothing typed: OK waits, without a message.
    d.expectSubmit(false);
    expect(min).toHaveAccessibleDescription('');

    await d.user.type(min, '2.5');
    expect(min).toHaveAccessibleDescription(MESSAGES.WHOLE_NUMBER);
    d.expectSubmit(false);
    await d.user.clear(min);
    // A max alone below the highest current min.
    await d.user.type(max, '3');
    expect(max).toHaveAccessibleDescription(MESSAGES.MAX_BELOW_MIN);
    d.expectSubmit(false);
    await d.user.clear(max);
    // A min alone above the lowest current max.
    await d.user.type(min, '9');
    expect(min).toHaveAccessibleDescription(MESSAGES.MAX_BELOW_MIN);
    d.expectSubmit(false);
    await d.user.clear(min);
    await d.user.type(qty, '-1');
    expect(qty).toHaveAccessibleDescription(MESSAGES.MIN_0);
    d.expectSubmit(false);

    await d.user.clear(qty);
    await d.user.type(min, '3');
    await d.user.type(qty, '12');
    d.expectSubmit(true);
    const body = { min_on_hand: 3, max_on_hand: null, min_purchase_qty: 12 };
    expect(await d.pressPreview()).toEqual(body);
    expect(await d.pressOk()).toEqual(body);
  });
});

describe('Set Department, filled', () => {
  const dept = (d: number, s: number, name: string): Department => ({
    Dept: d,
    DeptName: 'Beverages',
    SubDept: s,
    SubDeptName: name,
    DeptSubName: `${d}.${String(s).padStart(2, '0')} ${name}`,
    DeptSubNum: d * 100 + s,
    DisplayDeptSub: `${d}.${String(s).padStart(2, '0')}`,
    ItemTypeName: 'I',
  });
  const departments = [dept(2, 0, 'Beverages'), dept(2, 1, 'Soft Drinks')];

  it('sends the chosen node, and Keep subdepartments? only while a department (sub 00) is chosen', async () => {
    const d = openDialog((p) => <SetDepartmentDialog {...p} departments={departments} invType="I" />);
    const keep = screen.getByRole('checkbox', { name: 'Keep subdepartments?' });
    await d.user.click(screen.getByRole('radio', { name: '2.00 Beverages' }));
    await d.user.click(keep);
    expect(keep).toBeChecked();
    expect(await d.pressPreview()).toEqual({ DeptSubNum: 200, IsKeepSub: true });
    await d.user.click(screen.getByRole('button', { name: 'Expand Beverages' }));
    await d.user.click(screen.getByRole('radio', { name: '2.01 Soft Drinks' }));
    expect(keep).not.toBeChecked();
    expect(await d.pressPreview()).toEqual({ DeptSubNum: 201, IsKeepSub: false });
    // Back on the department, the box the user ticked counts again.
    await d.user.click(screen.getByRole('radio', { name: '2.00 Beverages' }));
    expect(keep).toBeChecked();
    expect(await d.pressOk()).toEqual({ DeptSubNum: 200, IsKeepSub: true });
  });
});

describe('Set Item Group, filled', () => {
  const itemGroups = [
    {
      ID: 'SODA',
      Description: 'Sodas',
      DisplayName: 'SODA - Sodas',
      DisplayValue: 'SODA - Sodas',
      Active: true,
    },
  ];

  it('a new group is created with its description; the ID is sent upper-cased', async () => {
    const d = openDialog((p) => <SetItemGroupDialog {...p} itemGroups={itemGroups} />);
    expect(screen.queryByRole('textbox', { name: 'Description' })).toBeNull();
    await d.user.type(screen.getByRole('combobox', { name: 'Group ID' }), 'fizz');
    await d.user.type(screen.getByRole('textbox', { name: 'Description' }), ' Fizzy drinks ');
    d.expectSubmit(true);
    const body = { itemgroup: 'FIZZ', themode: 'CreateItemGroup', Description: 'Fizzy drinks' };
    expect(await d.pressPreview()).toEqual(body);
    expect(await d.pressOk()).toEqual(body);
  });

  it('an existing group is replaced when the user picks Replace, without a description', async () => {
    const d = openDialog((p) => <SetItemGroupDialog {...p} itemGroups={itemGroups} />);
    const id = screen.getByRole('combobox', { name: 'Group ID' });
    await d.user.type(id, 'soda');
    expect(screen.queryByRole('textbox', { name: 'Description' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Add to item group' })).toBeChecked();
    await d.user.click(screen.getByRole('radio', { name: 'Replace item group' }));
    expect(await d.pressOk()).toEqual({
      itemgroup: 'SODA',
      themode: 'ReplaceItemGroup',
      Description: undefined,
    });
    // An ID over 28 characters shows the spec's message and holds OK back.
    await d.user.type(id, 'X'.repeat(25));
    expect(screen.getByText('28 char. max')).toBeVisible();
    d.expectSubmit(false);
  });
});

describe('Set Tax Group and Set Inactive, filled', () => {
  const taxGroups = [
    { ID: 3, Description: 'State', DisplayName: '3 - State', Text: '3 - State', Priority: 1 },
  ];

  it('"No tax group" clears and locks the choice and sends null; unticked, a choice is needed again', async () => {
    const d = openDialog((p) => <SetTaxGroupDialog {...p} taxGroups={taxGroups} />);
    const box = screen.getByRole('combobox', { name: 'Tax Group' });
    await chooseOption(d.user, box, '3 - State');
    await d.user.click(screen.getByRole('checkbox', { name: 'No tax group' }));
    expect(box).toHaveValue('');
    expect(box).toBeDisabled();
    expect(await d.pressPreview()).toEqual({ TaxGroupId: null });
    await d.user.click(screen.getByRole('checkbox', { name: 'No tax group' }));
    expect(box).toBeEnabled();
    d.expectSubmit(false);
  });

  it('Set Inactive sends the flag as the box shows it', async () => {
    const d = openDialog((p) => <SetInactiveDialog {...p} />);
    await d.user.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    d.expectSubmit(true);
    expect(await d.pressOk()).toEqual({ flag: false });
  });
});

describe('Set Negotiated Cost, filled', () => {
  const vendors = [{ VendorID: 'COREMARK', VendorName: 'Core-Mark', Text: 'COREMARK - Core-Mark' }];
  const templates: NegCostTemplate[] = [];

  it('shows why an amount is refused; a blank expiration is sent as null, Preview and OK alike', async () => {
    const d = openDialog((p) => <SetNegotiatedCostDialog {...p} vendors={vendors} templates={templates} />);
    // The dialog opens on Label.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Label/ })).toHaveFocus());
    await d.user.type(screen.getByRole('textbox', { name: /^Label/ }), ' Spring deal ');
    const amount = screen.getByRole('textbox', { name: /^Set Amount/ });
    await d.user.type(amount, 'abc');
    expect(amount).toHaveAccessibleDescription(MESSAGES.INVALID_AMOUNT);
    await d.user.clear(amount);
    await d.user.type(amount, '0.85');
    expect(amount).toHaveAccessibleDescription('');
    await chooseOption(d.user, screen.getByRole('combobox', { name: /^Vendor/ }), 'COREMARK - Core-Mark');
    await d.user.type(screen.getByRole('textbox', { name: /^Effective Date/ }), '04/01/2099');
    await d.user.clear(screen.getByRole('textbox', { name: /^Expiration Date/ }));
    d.expectSubmit(true);
    const body = {
      Vendor: 'COREMARK',
      NegCostLabel: 'Spring deal',
      ChangeAmount: '0.8500',
      strEffectiveDate: '04/01/2099',
      strExpiredDate: null,
    };
    expect(await d.pressPreview()).toEqual(body);
    expect(await d.pressOk()).toEqual(body);
  });
});

describe('where focus lands in a batch dialog', () => {
  it('on opening, the first field (not the Close button)', async () => {
    openDialog((p) => <SetCostDialog {...p} />);
    const cost = screen.getByRole('textbox', { name: 'Unit Cost' });
    await waitFor(() => expect(cost).toHaveFocus());
  });

  it('showing the preview, OK (the next step)', async () => {
    const preview = {
      heading: 'Central Price',
      header: 'Set Cost',
      stores: '1 - Fresno',
      columns: [],
      rows: [],
    };
    const d = openDialog((p) => <SetCostDialog {...p} />);
    await d.user.type(screen.getByRole('textbox', { name: 'Unit Cost' }), '2.5');
    d.rerender(<SetCostDialog {...d.p} preview={preview} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
  });
});
