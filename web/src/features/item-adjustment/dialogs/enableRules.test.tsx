/**
 * The batch dialogs' enable rules (spec part 1 §2.4, §5 "Batch dialogs"): OK and Preview stay
 * disabled until the form allows submission, and what OK hands the page is the form's change.
 */
import { dayOfWeek, formatUsDate } from '@cpb/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import { SetPriceDialog } from '../../../shared/batch/SetPriceDialog';
import { gridRow } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { Department, NegCostTemplate, PricingEvent } from '../types';
import { SetCostDialog } from './SetCostDialog';
import { SetDepartmentDialog } from './SetDepartmentDialog';
import { SetItemGroupDialog } from './SetItemGroupDialog';
import { SetRedemptionDialog, SetTaxGroupDialog } from './SetLookupDialog';
import { SetMinMaxDialog } from './SetMinMaxDialog';
import { SetNegotiatedCostDialog } from './SetNegotiatedCostDialog';
import { SetInactiveDialog, SetVendorDialog } from './SetSimpleDialogs';

function dialogProps(over: Partial<DialogProps> = {}): DialogProps {
  return {
    busy: false,
    covered: false,
    preview: null,
    exporting: false,
    onClose: vi.fn(),
    onBack: vi.fn(),
    onExportPdf: vi.fn(),
    onPreview: vi.fn(),
    onOk: vi.fn(),
    ...over,
  };
}

function open(ui: (p: DialogProps) => ReactElement, over: Partial<DialogProps> = {}) {
  const p = dialogProps(over);
  const r = renderWithProviders(ui(p));
  const ok = () => screen.getByRole('button', { name: 'OK' });
  const preview = () => screen.getByRole('button', { name: 'Preview' });
  const expectSubmit = (enabled: boolean) => {
    for (const b of [ok(), preview()]) {
      if (enabled) expect(b).toBeEnabled();
      else expect(b).toBeDisabled();
    }
  };
  /** Presses OK and returns what the dialog handed the page. */
  const pressOk = async () => {
    await r.user.click(ok());
    expect(p.onOk).toHaveBeenCalledTimes(1);
    return vi.mocked(p.onOk).mock.calls[0][0];
  };
  return { ...r, p, ok, preview, expectSubmit, pressOk };
}

/** Picks an option of a Mantine select / autocomplete by its text. */
async function choose(user: ReturnType<typeof open>['user'], box: HTMLElement, option: string) {
  await user.click(box);
  // jsdom cannot tell the open list from the others (no layout): take the one holding the option.
  const item = await waitFor(() => {
    for (const list of screen.getAllByRole('listbox', { hidden: true })) {
      const found = within(list).queryByText(option);
      if (found) return found;
    }
    throw new Error(`no option ${option}`);
  });
  fireEvent.click(item);
}

/** A weekday (Monday) far ahead, so 'today' never catches up with the test. */
function futureMonday(): string {
  let iso = '2099-03-01';
  while (dayOfWeek(iso) !== 1) iso = `2099-03-${String(Number(iso.slice(8)) + 1).padStart(2, '0')}`;
  return iso;
}

describe('Set Cost', () => {
  it('is enabled only once UnitCost reads, and sends it with 4 decimals', async () => {
    const d = open((p) => <SetCostDialog {...p} />);
    d.expectSubmit(false);
    const cost = screen.getByRole('textbox', { name: 'Unit Cost' });
    await d.user.type(cost, 'abc');
    d.expectSubmit(false);
    await d.user.clear(cost);
    await d.user.type(cost, '1.2');
    d.expectSubmit(true);
    expect(await d.pressOk()).toEqual({ UnitCost: '1.2000' });
  });
});

describe('Set Price', () => {
  const events: PricingEvent[] = [
    {
      Id: 1,
      PricingEventName: 'Holiday',
      EffectiveDateTime: '2099-12-01T06:00:00.000Z',
      EffectiveDate: '2099-12-01',
      strEffectiveDateTime: '12/01/2099 12:00 AM',
      Status: 1,
      SortableStatus: 1,
      ErrorReason: null,
      UndoOf: null,
      Collides: false,
    },
    {
      Id: 2,
      PricingEventName: 'Gone',
      EffectiveDateTime: '2020-01-06T06:00:00.000Z',
      EffectiveDate: '2020-01-06',
      strEffectiveDateTime: '01/06/2020 12:00 AM',
      Status: 3,
      SortableStatus: 3,
      ErrorReason: null,
      UndoOf: null,
      Collides: false,
    },
  ];

  it('needs an amount; a typed amount enables OK and Preview', async () => {
    const d = open((p) => <SetPriceDialog {...p} events={events} />);
    d.expectSubmit(false);
    await d.user.type(screen.getByRole('textbox', { name: 'Add Amount' }), 'x');
    d.expectSubmit(false);
    await d.user.clear(screen.getByRole('textbox', { name: 'Add Amount' }));
    await d.user.type(screen.getByRole('textbox', { name: 'Add Amount' }), '0.10');
    d.expectSubmit(true);
    expect(await d.pressOk()).toMatchObject({ UpdateType: 2, ChangeAmount: '0.10', PricingEventName: null });
  });

  it('starts with an empty event field whose list offers the selectable events', async () => {
    const d = open((p) => <SetPriceDialog {...p} events={events} />);
    const event = screen.getByRole('combobox', { name: 'Pricing Event Name' });
    expect(event).toHaveValue('');
    expect(event).toHaveAttribute('placeholder', '--None--');
    await d.user.click(event);
    const listbox = await screen.findByRole('listbox', { hidden: true });
    expect(within(listbox).getByText('Holiday')).toBeInTheDocument();
    // A distributed event (status 3) is not offered.
    expect(within(listbox).queryByText('Gone')).toBeNull();
  });

  it('a new event needs a valid weekday date from today on; then mode 3 is sent', async () => {
    const d = open((p) => <SetPriceDialog {...p} events={events} />);
    await d.user.type(screen.getByRole('textbox', { name: 'Add Amount' }), '0.10');
    await d.user.type(screen.getByRole('combobox', { name: 'Pricing Event Name' }), 'Spring');
    d.expectSubmit(false);
    const date = screen.getByRole('textbox', { name: /^Effective Date/ });
    await d.user.type(date, '03/07/2099'); // a Saturday
    d.expectSubmit(false);
    expect(date).toHaveAccessibleDescription('The effective date cannot fall on a Saturday or Sunday.');
    await d.user.clear(date);
    await d.user.type(date, '01/05/2021');
    expect(date).toHaveAccessibleDescription('The effective date cannot be before today.');
    d.expectSubmit(false);
    const monday = formatUsDate(futureMonday());
    await d.user.clear(date);
    await d.user.type(date, monday);
    d.expectSubmit(true);
    expect(screen.getByRole('radio', { name: '3 - Create new event' })).toBeChecked();
    expect(await d.pressOk()).toMatchObject({
      PricingEventName: 'Spring',
      strEffectiveDate: monday,
      PricingEventMode: 3,
    });
  });

  it('an existing event fills its date and allows modes 1 and 2 only', async () => {
    const d = open((p) => <SetPriceDialog {...p} events={events} />);
    await d.user.type(screen.getByRole('textbox', { name: 'Add Amount' }), '0.10');
    await choose(d.user, screen.getByRole('combobox', { name: 'Pricing Event Name' }), 'Holiday');
    const date = screen.getByRole('textbox', { name: /^Effective Date/ });
    expect(date).toHaveValue('12/01/2099');
    expect(date).toBeDisabled();
    expect(screen.getByRole('radio', { name: '1 - Add to event' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3 - Create new event' })).toBeDisabled();
    d.expectSubmit(true);
    expect(await d.pressOk()).toMatchObject({ PricingEventName: 'Holiday', PricingEventMode: 1 });
  });
});

describe('Set Negotiated Cost', () => {
  const vendors = [{ VendorID: 'COREMARK', VendorName: 'Core-Mark', Text: 'COREMARK - Core-Mark' }];
  const templates: NegCostTemplate[] = [
    {
      NegCostID: 7,
      VendorId: 'COREMARK',
      Label: 'Q4 Candy Deal',
      Cost: '0.8500',
      CostEffectiveDateTime: '2099-10-01',
      CostExpirationDateTime: '2099-12-31',
      Text: 'Q4 Candy Deal (COREMARK, 0.8500, 10/01/2099 - 12/31/2099)',
    },
  ];

  it('needs label, amount, vendor and a valid effective date; the expiration may not precede it', async () => {
    const d = open((p) => <SetNegotiatedCostDialog {...p} vendors={vendors} templates={templates} />);
    d.expectSubmit(false);
    await d.user.type(screen.getByRole('textbox', { name: /^Label/ }), 'Spring');
    await d.user.type(screen.getByRole('textbox', { name: /^Set Amount/ }), '0.5');
    await choose(d.user, screen.getByRole('combobox', { name: /^Vendor/ }), 'COREMARK - Core-Mark');
    d.expectSubmit(false);
    const eff = screen.getByRole('textbox', { name: /^Effective Date/ });
    await d.user.type(eff, '13/01/2099');
    d.expectSubmit(false);
    await d.user.clear(eff);
    await d.user.type(eff, '03/01/2099');
    const exp = screen.getByRole('textbox', { name: /^Expiration Date/ });
    await d.user.clear(exp);
    await d.user.type(exp, '02/01/2099');
    d.expectSubmit(false);
    expect(exp).toHaveAccessibleDescription('The expiration date cannot be before the effective date.');
    await d.user.clear(exp);
    await d.user.type(exp, '03/31/2099');
    d.expectSubmit(true);
    expect(await d.pressOk()).toEqual({
      Vendor: 'COREMARK',
      NegCostLabel: 'Spring',
      ChangeAmount: '0.5000',
      strEffectiveDate: '03/01/2099',
      strExpiredDate: '03/31/2099',
    });
  });

  it('a template fills every field, dates as MM/DD/YYYY', async () => {
    const d = open((p) => <SetNegotiatedCostDialog {...p} vendors={vendors} templates={templates} />);
    await choose(d.user, screen.getByRole('combobox', { name: 'Template' }), templates[0].Text);
    expect(screen.getByRole('textbox', { name: /^Effective Date/ })).toHaveValue('10/01/2099');
    expect(screen.getByRole('textbox', { name: /^Expiration Date/ })).toHaveValue('12/31/2099');
    d.expectSubmit(true);
  });
});

describe('Set Redemption and Set Tax Group', () => {
  const redemptions = [{ ID: 2, Text: 'CRV 10', DisplayValue: '2 - CRV 10', Amount: '0.10' }];
  const taxGroups = [
    { ID: 3, Description: 'State', DisplayName: '3 - State', Text: '3 - State', Priority: 1 },
  ];

  it('Set Redemption: a choice or "no redemption" enables; the box clears the choice', async () => {
    const d = open((p) => <SetRedemptionDialog {...p} redemptions={redemptions} />);
    d.expectSubmit(false);
    await choose(d.user, screen.getByRole('combobox', { name: 'Redemption' }), '2 - CRV 10');
    d.expectSubmit(true);
    await d.user.click(screen.getByRole('checkbox', { name: 'No redemption' }));
    expect(screen.getByRole('combobox', { name: 'Redemption' })).toHaveValue('');
    d.expectSubmit(true);
    expect(await d.pressOk()).toEqual({ crvId: null });
  });

  it('Set Tax Group: a choice enables and is sent by its ID', async () => {
    const d = open((p) => <SetTaxGroupDialog {...p} taxGroups={taxGroups} />);
    d.expectSubmit(false);
    await choose(d.user, screen.getByRole('combobox', { name: 'Tax Group' }), '3 - State');
    d.expectSubmit(true);
    // The page sends the choice as the list holds it; the server reads the number.
    expect(await d.pressOk()).toEqual({ TaxGroupId: '3' });
  });
});

describe('Set Department', () => {
  const dept = (d: number, s: number, name: string, type = 'I'): Department => ({
    Dept: d,
    DeptName: s ? 'Beverages' : name,
    SubDept: s,
    SubDeptName: name,
    DeptSubName: `${d}.${String(s).padStart(2, '0')} ${name}`,
    DeptSubNum: d * 100 + s,
    DisplayDeptSub: `${d}.${String(s).padStart(2, '0')}`,
    ItemTypeName: type,
  });
  const departments = [dept(2, 0, 'Beverages'), dept(2, 1, 'Soft Drinks'), dept(90, 0, 'Expense', 'EX')];

  it('is enabled once a node is chosen; Keep subdepartments? only for a department (sub 00)', async () => {
    const d = open((p) => <SetDepartmentDialog {...p} departments={departments} invType="I" />);
    d.expectSubmit(false);
    const keep = screen.getByRole('checkbox', { name: 'Keep subdepartments?' });
    expect(keep).toBeDisabled();
    await d.user.click(screen.getByRole('radio', { name: '2.00 Beverages' }));
    d.expectSubmit(true);
    expect(keep).toBeEnabled();
    await d.user.click(screen.getByRole('button', { name: 'Expand Beverages' }));
    await d.user.click(screen.getByRole('radio', { name: '2.01 Soft Drinks' }));
    expect(keep).toBeDisabled();
    d.expectSubmit(true);
  });

  it('offers an expense item only EX departments', () => {
    open((p) => <SetDepartmentDialog {...p} departments={departments} invType="X" />);
    expect(screen.getByRole('radio', { name: '90.00 Expense' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '2.00 Beverages' })).toBeNull();
  });
});

describe('Set Item Group', () => {
  const itemGroups = [
    {
      ID: 'SODA',
      Description: 'Sodas',
      DisplayName: 'SODA - Sodas',
      DisplayValue: 'SODA - Sodas',
      Active: true,
    },
  ];

  it('an existing group allows add or replace; a new one only create; more than 28 characters disables', async () => {
    const d = open((p) => <SetItemGroupDialog {...p} itemGroups={itemGroups} />);
    d.expectSubmit(false);
    const id = screen.getByRole('combobox', { name: 'Group ID' });
    await d.user.type(id, 'soda');
    d.expectSubmit(true);
    expect(screen.getByRole('radio', { name: 'Create item group' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Replace item group' })).toBeEnabled();
    await d.user.clear(id);
    await d.user.type(id, 'fizz');
    expect(screen.getByRole('radio', { name: 'Create item group' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Add to item group' })).toBeDisabled();
    d.expectSubmit(true);
    await d.user.type(id, 'X'.repeat(25));
    d.expectSubmit(false);
    expect(screen.getByText('28 char. max')).toBeInTheDocument();
  });
});

describe('Set Vendor, Set Min/Max, Set Inactive', () => {
  it('Set Vendor is enabled once a vendor is chosen', async () => {
    const vendors = [{ VendorID: 'MCLANE', VendorName: 'McLane', Text: 'MCLANE - McLane' }];
    const d = open((p) => <SetVendorDialog {...p} vendors={vendors} />);
    d.expectSubmit(false);
    await choose(d.user, screen.getByRole('combobox', { name: 'Vendor' }), 'MCLANE - McLane');
    d.expectSubmit(true);
    expect(await d.pressOk()).toEqual({ vendorid: 'MCLANE' });
  });

  it('Set Min/Max needs one value and refuses a max below the min', async () => {
    const selected = [gridRow({ MinOnHand: 2, MaxOnHand: 10 })];
    const d = open((p) => <SetMinMaxDialog {...p} selected={selected} />);
    d.expectSubmit(false);
    await d.user.type(screen.getByRole('textbox', { name: 'Min On Hand' }), '3');
    d.expectSubmit(true);
    await d.user.type(screen.getByRole('textbox', { name: 'Max On Hand' }), '1');
    d.expectSubmit(false);
  });

  it('Set Inactive is ready at once and sends the flag', async () => {
    const d = open((p) => <SetInactiveDialog {...p} />);
    d.expectSubmit(true);
    expect(await d.pressOk()).toEqual({ flag: true });
  });
});

describe('while a call runs', () => {
  it('Preview and Cancel wait; OK shows it is busy', () => {
    open((p) => <SetInactiveDialog {...p} />, { busy: true });
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveAttribute('data-loading', 'true');
  });
});
