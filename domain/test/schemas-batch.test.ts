import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/messages';
import {
  itemGroupModes,
  makeSetMinMaxSchema,
  minMaxHints,
  setCostSchema,
  setDepartmentSchema,
  setInactiveSchema,
  setItemGroupSchema,
  setRedemptionSchema,
  setTaxGroupSchema,
  setVendorSchema,
} from '../src/schemas/batch';
import { canSubmit, fieldErrors } from '../src/schemas/common';
import {
  defaultCloneExpiration,
  negCostAddItemError,
  negotiatedCostCloneSchema,
  negotiatedCostSchema,
} from '../src/schemas/negotiated-cost';

function firstError(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  v: unknown,
) {
  const r = schema.safeParse(v);
  return r.success ? null : Object.values(fieldErrors(r.error as never))[0];
}

describe('Set Cost', () => {
  it('needs a UnitCost and keeps 4 decimals', () => {
    expect(setCostSchema.parse({ UnitCost: '1.23456' })).toEqual({ UnitCost: 12346n });
    expect(setCostSchema.parse({ UnitCost: '$0' })).toEqual({ UnitCost: 0n });
    expect(firstError(setCostSchema, { UnitCost: '' })).toBe(MESSAGES.REQUIRED);
    expect(firstError(setCostSchema, { UnitCost: '-1' })).toBe(MESSAGES.MIN_0);
    expect(canSubmit(setCostSchema, { UnitCost: ' ' })).toBe(false);
  });
});

describe('Set Redemption and Set Tax Group', () => {
  it.each([
    [setRedemptionSchema, { redemption: 'CRV5', noredemption: false }, { crvId: 'CRV5' }],
    [setRedemptionSchema, { redemption: 'CRV5', noredemption: true }, { crvId: null }],
    [setRedemptionSchema, { redemption: null, noredemption: true }, { crvId: null }],
    [setTaxGroupSchema, { TaxGroupIdDisplay: 3, notaxgroup: false }, { taxGroupId: '3' }],
    [setTaxGroupSchema, { TaxGroupIdDisplay: 3, notaxgroup: true }, { taxGroupId: null }],
  ])('%#: the no-checkbox clears the selection', (schema, form, expected) => {
    expect(schema.parse(form)).toEqual(expected);
  });

  it('needs a choice unless the no-checkbox is on', () => {
    expect(firstError(setRedemptionSchema, { redemption: '', noredemption: false })).toBe(MESSAGES.REQUIRED);
    expect(firstError(setTaxGroupSchema, { TaxGroupIdDisplay: null })).toBe(MESSAGES.REQUIRED);
  });
});

describe('Set Department', () => {
  it.each([
    [
      { DeptSubNum: 200, keepsub: true },
      { DeptSubNum: 200, keepSub: true },
    ],
    [
      { DeptSubNum: 201, keepsub: true },
      { DeptSubNum: 201, keepSub: false },
    ],
    [{ DeptSubNum: 200 }, { DeptSubNum: 200, keepSub: false }],
  ])('%o -> %o', (form, expected) => {
    expect(setDepartmentSchema.parse(form)).toEqual(expected);
  });

  it('needs a node other than None', () => {
    expect(canSubmit(setDepartmentSchema, { DeptSubNum: 0 })).toBe(false);
    expect(canSubmit(setDepartmentSchema, {})).toBe(false);
  });
});

describe('Set Item Group', () => {
  it('allows create for a new group and add or replace for an existing one', () => {
    expect(itemGroupModes(true)).toEqual(['CreateItemGroup']);
    expect(itemGroupModes(false)).toEqual(['AddToItemGroup', 'ReplaceItemGroup']);
  });

  it.each([
    [{ ItemGrp: 'promo', ItemGroupMode: 'CreateItemGroup', newGrp: true }, null],
    [{ ItemGrp: 'PROMO', ItemGroupMode: 'ReplaceItemGroup', newGrp: false }, null],
    [
      { ItemGrp: 'promo', ItemGroupMode: 'AddToItemGroup', newGrp: true },
      MESSAGES.ITEM_GROUP_MODE_NOT_ALLOWED,
    ],
    [{ ItemGrp: 'P'.repeat(29), ItemGroupMode: 'AddToItemGroup' }, '28 char. max'],
    [{ ItemGrp: '', ItemGroupMode: 'AddToItemGroup' }, MESSAGES.REQUIRED],
    [{ ItemGrp: 'X', ItemGroupMode: 'Other' }, 'Please correct any error before submitting.'],
  ])('%o -> %s', (form, message) => {
    expect(firstError(setItemGroupSchema, form)).toBe(message);
  });

  it('upper-cases the group ID', () => {
    expect(
      setItemGroupSchema.parse({ ItemGrp: 'promo', ItemGroupMode: 'CreateItemGroup', newGrp: true }).ItemGrp,
    ).toBe('PROMO');
  });
});

describe('Set Vendor and Set Inactive', () => {
  it('needs a vendor; takes the inactive flag', () => {
    expect(canSubmit(setVendorSchema, { vendor: '' })).toBe(false);
    expect(setVendorSchema.parse({ vendor: 12 })).toEqual({ vendor: '12' });
    expect(setInactiveSchema.parse({ inactive: true })).toEqual({ inactive: true });
    expect(canSubmit(setInactiveSchema, {})).toBe(false);
  });
});

describe('Set Min/Max', () => {
  const hints = minMaxHints([
    { MinOnHand: 2, MaxOnHand: 10 },
    { MinOnHand: 4, MaxOnHand: 8 },
  ]);

  it('shows the range across the selected items', () => {
    expect(hints).toEqual({ highestMin: 4, lowestMax: 8 });
    expect(minMaxHints([])).toEqual({ highestMin: null, lowestMax: null });
  });

  it.each([
    [{ minOnHand: '3', maxOnHand: '6' }, null],
    [{ minOnHand: '', maxOnHand: '', minPurchaseQty: '12' }, null],
    [{ maxOnHand: '4' }, null],
    [{ minOnHand: '8' }, null],
    [{}, MESSAGES.NOTHING_TO_CHANGE],
    [{ minOnHand: '6', maxOnHand: '5' }, MESSAGES.MAX_BELOW_MIN],
    [{ maxOnHand: '3' }, MESSAGES.MAX_BELOW_MIN],
    [{ minOnHand: '9' }, MESSAGES.MAX_BELOW_MIN],
    [{ minOnHand: '-1' }, MESSAGES.MIN_0],
    [{ minOnHand: '1.5' }, MESSAGES.WHOLE_NUMBER],
    [{ minOnHand: 'a' }, MESSAGES.INVALID_NUMBER],
  ])('%o -> %s', (form, message) => {
    expect(firstError(makeSetMinMaxSchema(hints), form)).toBe(message);
  });
});

describe('Set Negotiated Cost', () => {
  const valid = {
    NegCostLabel: 'Spring',
    ChangeAmount: '1.2345',
    VendorText: 'ACME',
    EffectiveDateTime: '03-01-2025',
  };

  it('reads the amount at 4 decimals and either date form', () => {
    expect(negotiatedCostSchema.parse(valid)).toMatchObject({
      ChangeAmount: 12345n,
      EffectiveDateTime: '2025-03-01',
    });
    expect(negotiatedCostSchema.parse({ ...valid, EffectiveDateTime: '03/01/2025' }).EffectiveDateTime).toBe(
      '2025-03-01',
    );
  });

  it.each([
    ['NegCostLabel', '', MESSAGES.REQUIRED],
    ['ChangeAmount', '', MESSAGES.REQUIRED],
    ['VendorText', null, MESSAGES.REQUIRED],
    ['EffectiveDateTime', '', MESSAGES.REQUIRED],
    ['EffectiveDateTime', '13/01/2025', 'Invalid Date.'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(firstError(negotiatedCostSchema, { ...valid, [field]: value })).toBe(message);
  });

  it('takes an optional expiration date, not before the effective date', () => {
    expect(negotiatedCostSchema.parse(valid).ExpirationDateTime).toBeNull();
    expect(
      negotiatedCostSchema.parse({ ...valid, ExpirationDateTime: '04/01/2025' }).ExpirationDateTime,
    ).toBe('2025-04-01');
    expect(firstError(negotiatedCostSchema, { ...valid, ExpirationDateTime: '02/28/2025' })).toBe(
      MESSAGES.EXPIRATION_BEFORE_EFFECTIVE,
    );
    expect(firstError(negotiatedCostSchema, { ...valid, ExpirationDateTime: '02/30/2025' })).toBe(
      'Invalid Date.',
    );
  });

  it('clones with valid dates, the end not before the start, one month by default', () => {
    const clone = { Label: 'L', Cost: '1', Vendor: 'V', EffectiveDate: { start: '01/31/2025', end: '' } };
    expect(negotiatedCostCloneSchema.parse(clone).EffectiveDate).toEqual({ start: '2025-01-31', end: null });
    expect(
      firstError(negotiatedCostCloneSchema, {
        ...clone,
        EffectiveDate: { start: '01/31/2025', end: '01/30/2025' },
      }),
    ).toBe(MESSAGES.EXPIRATION_BEFORE_EFFECTIVE);
    expect(firstError(negotiatedCostCloneSchema, { ...clone, EffectiveDate: { start: 'x', end: '' } })).toBe(
      'Invalid Date.',
    );
    expect(defaultCloneExpiration('2025-01-31')).toBe('2025-02-28');
    expect(defaultCloneExpiration('2024-12-15')).toBe('2025-01-15');
  });

  it.each([
    [{ headerSelected: false, id: 'A', packSize: 1, existing: [] }, 'Need to select Neg. Cost Header'],
    [{ headerSelected: true, id: '', packSize: 1, existing: [] }, MESSAGES.REQUIRED],
    [{ headerSelected: true, id: 'change me', packSize: 1, existing: [] }, MESSAGES.REQUIRED],
    [{ headerSelected: true, id: 'A', packSize: null, existing: [] }, MESSAGES.REQUIRED],
    [
      { headerSelected: true, id: 'a', packSize: 1, existing: [{ ID: 'A', PackSize: 1 }] },
      'this item is already in this list of items associated with this negotiated cost',
    ],
    [{ headerSelected: true, id: 'A', packSize: 2, existing: [{ ID: 'A', PackSize: 1 }] }, null],
  ])('adding %o -> %s', (input, message) => {
    expect(negCostAddItemError(input)).toBe(message);
  });
});
