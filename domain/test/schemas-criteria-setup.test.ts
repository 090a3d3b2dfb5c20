import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/messages';
import { canSubmit, fieldErrors } from '../src/schemas/common';
import {
  CURRENT_PRICES_CRITERIA,
  canSubmitCurrentPricesCriteria,
  canSubmitItemAdjustCriteria,
  currentPricesCriteriaSchema,
  itemAdjustCriteriaSchema,
  setCriterionValue,
} from '../src/schemas/criteria';
import {
  canSearchVendorZones,
  mailSchema,
  preferencesSchema,
  vendorImportSetupSchema,
} from '../src/schemas/setup';

describe('criteria Apply flags', () => {
  it('turn on when a value is typed and off when it is emptied', () => {
    let form = setCriterionValue({}, 'ItemDesc', 'cola');
    expect(form.ApplyItemDescription).toBe(true);
    form = setCriterionValue(form, 'ItemDesc', '  ');
    expect(form.ApplyItemDescription).toBe(false);
  });

  it('count a range as applied if either end is set', () => {
    let form = setCriterionValue({}, 'MarginEndRange', '40');
    expect(form.ApplyMarginRange).toBe(true);
    form = setCriterionValue(form, 'MarginBeginRange', '10');
    form = setCriterionValue(form, 'MarginEndRange', '');
    expect(form.ApplyMarginRange).toBe(true);
    form = setCriterionValue(form, 'MarginBeginRange', null);
    expect(form.ApplyMarginRange).toBe(false);
  });
});

describe('Item Adjustment criteria', () => {
  it('submit needs a non-pristine form with a criterion applied', () => {
    const form = setCriterionValue({}, 'InventoryID', 'abc');
    expect(canSubmitItemAdjustCriteria(form, false)).toBe(true);
    expect(canSubmitItemAdjustCriteria(form, true)).toBe(false);
    expect(canSubmitItemAdjustCriteria({}, false)).toBe(false);
    expect(canSubmitItemAdjustCriteria({ ...form, ApplyInventoryID: false }, false)).toBe(false);
  });

  it('yields only the applied criteria, parsed', () => {
    let form = setCriterionValue({}, 'InventoryID', '/425261');
    form = setCriterionValue(form, 'DeptBeginRange', '2');
    form = setCriterionValue(form, 'DeptEndRange', '2.8');
    form = setCriterionValue(form, 'UnitListBeginRange', '$1.00');
    form = setCriterionValue(form, 'MarginEndRange', '35%');
    form = setCriterionValue(form, 'PackSize', '');
    form = { ...form, VendorText: 'ACME', ApplyVendor: false };
    expect(itemAdjustCriteriaSchema.parse(form)).toMatchObject({
      inventoryId: '04210000526',
      dept: { begin: 200, end: 289 },
      unitList: { begin: 100n, end: null },
      margin: { begin: null, end: 35000n },
      packSize: null,
      vendor: null,
    });
  });

  it.each([
    [{ PackSize: '0' }, 'PackSize', MESSAGES.MIN_1],
    [{ MarginBeginRange: 'lots' }, 'MarginBeginRange', MESSAGES.INVALID_NUMBER],
    [{ UnitListEndRange: '1,2' }, 'UnitListEndRange', MESSAGES.INVALID_AMOUNT],
    [{ DeptBeginRange: 'x.y' }, 'DeptBeginRange', MESSAGES.INVALID_DEPT],
    [{ UnitListBeginRange: '5', UnitListEndRange: '1' }, 'UnitListEndRange', MESSAGES.RANGE_REVERSED],
  ])('%o -> %s: %s', (values, field, message) => {
    let form = {};
    for (const [k, v] of Object.entries(values)) form = setCriterionValue(form, k, v);
    const r = itemAdjustCriteriaSchema.safeParse(form);
    expect(r.success ? {} : fieldErrors(r.error)[field]).toBe(message);
  });
});

describe('Current Prices criteria', () => {
  const set = (field: string, value: string) => setCriterionValue({}, field, value, CURRENT_PRICES_CRITERIA);

  it.each([
    ['InventoryID', '/425261', true, 'expands to 11 characters'],
    ['UPC', '/04252614', true, 'expands to 11 characters'],
    ['InventoryID', '/12', false, "a '/' entry that does not expand is too short"],
    ['InventoryID', '12', true, 'no slash: any ID counts'],
    ['UnitList', '1.99', true, 'a single unit list'],
    ['CrvValue', 'CRV5', true, 'the CRV criterion'],
    ['ItemDesc', '', false, 'nothing filled'],
  ])('%s = %j -> %s (%s)', (field, value, expected) => {
    expect(canSubmitCurrentPricesCriteria(set(field, value))).toBe(expected);
  });

  it('reads a single unit list as a one-price range', () => {
    expect(currentPricesCriteriaSchema.parse(set('UnitList', '1.99')).unitList).toEqual({
      begin: 199n,
      end: 199n,
    });
  });
});

describe('Preferences form', () => {
  const flags = {
    applyVendorList: true,
    disMaintainItemGroup: false,
    canUpdateUnitCost: true,
    enMinMaxItemAdjust: false,
    enMinMaxOutsideUpdate: false,
    isUnitCostOUEnabled: true,
  };

  it.each([
    ['0', 0],
    ['99', 99],
    [15, 15],
    ['', null],
  ])('ouPercent %j -> %s', (ouPercent, expected) => {
    expect(preferencesSchema.parse({ ...flags, ouPercent }).ouPercent).toBe(expected);
  });

  it.each([
    ['-1', 'Enter a minimum of 0.'],
    ['100', 'Enter a maximum of 99.'],
    ['2.5', MESSAGES.WHOLE_NUMBER],
    ['ten', MESSAGES.INVALID_NUMBER],
  ])('ouPercent %j -> %s', (ouPercent, message) => {
    const r = preferencesSchema.safeParse({ ...flags, ouPercent });
    expect(r.success ? null : fieldErrors(r.error).ouPercent).toBe(message);
  });
});

describe('Vendor Import Setup', () => {
  const valid = {
    src: { SourceType: 'MCLANE', Site: '12', FileMask: '*.832', Label: 'M', Vendor: { Text: 'Zone A' } },
    dest: { CDBZone: 3, CDBVendorID: 'MCL' },
  };

  it('accepts a complete setup', () => {
    expect(vendorImportSetupSchema.parse(valid)).toEqual({
      src: { SourceType: 'MCLANE', Site: 12, FileMask: '*.832', Label: 'M', Vendor: 'Zone A' },
      dest: { CDBZone: '3', CDBVendorID: 'MCL' },
    });
  });

  it.each([
    [{ FileMask: 'ab' }, 'src.FileMask', 'Min. 3 characters'],
    [{ FileMask: '' }, 'src.FileMask', MESSAGES.REQUIRED],
    [{ Label: '' }, 'src.Label', MESSAGES.REQUIRED],
    [{ SourceType: 'OTHER' }, 'src.SourceType', MESSAGES.REQUIRED],
    [{ Site: '1000' }, 'src.Site', 'Value must be between 1 and 999'],
    [{ Site: '' }, 'src.Site', MESSAGES.REQUIRED],
    [{ Vendor: '' }, 'src.Vendor', MESSAGES.REQUIRED],
  ])('%o -> %s: %s', (src, path, message) => {
    const r = vendorImportSetupSchema.safeParse({ ...valid, src: { ...valid.src, ...src } });
    expect(r.success ? null : fieldErrors(r.error)[path]).toBe(message);
  });

  it('refuses a control character in any text (a NUL in the vendor ID was a 500: it cannot be stored)', () => {
    const dest = vendorImportSetupSchema.safeParse({
      ...valid,
      dest: { ...valid.dest, CDBVendorID: 'A\u0000' },
    });
    expect(dest.success ? null : fieldErrors(dest.error)['dest.CDBVendorID']).toBe(
      MESSAGES.CONTROL_CHARACTERS,
    );
    const label = vendorImportSetupSchema.safeParse({ ...valid, src: { ...valid.src, Label: 'a\u001bb' } });
    expect(label.success ? null : fieldErrors(label.error)['src.Label']).toBe(MESSAGES.CONTROL_CHARACTERS);
    const zone = vendorImportSetupSchema.safeParse({
      ...valid,
      src: { ...valid.src, Vendor: { Text: 'W\u0000' } },
    });
    expect(zone.success ? null : fieldErrors(zone.error)['src.Vendor']).toBe(MESSAGES.CONTROL_CHARACTERS);
  });

  it('needs the destination', () => {
    expect(canSubmit(vendorImportSetupSchema, { ...valid, dest: { CDBZone: '', CDBVendorID: 'x' } })).toBe(
      false,
    );
  });

  it('searches vendor zones only with source type, site and file mask', () => {
    expect(canSearchVendorZones({ SourceType: 'MCLANE', Site: 1, FileMask: '*.x' })).toBe(true);
    expect(canSearchVendorZones({ SourceType: 'MCLANE', Site: 1, FileMask: '' })).toBe(false);
  });
});

describe('mail form', () => {
  it('needs To, and valid addresses', () => {
    expect(mailSchema.parse({ to: 'a@b.co; c@d.org', cc: '', subject: 'S', text: '' })).toEqual({
      to: ['a@b.co', 'c@d.org'],
      cc: [],
      subject: 'S',
      text: '',
    });
    const missing = mailSchema.safeParse({ to: ' ', cc: '' });
    expect(missing.success ? null : fieldErrors(missing.error).to).toBe('This field is required');
    const bad = mailSchema.safeParse({ to: 'a@b.co', cc: 'nobody' });
    expect(bad.success ? null : fieldErrors(bad.error).cc).toBe('Invalid email address');
  });
});
