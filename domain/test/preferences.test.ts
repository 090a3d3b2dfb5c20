import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  can,
  formToMask,
  hasPref,
  maskToForm,
  maskToPrefs,
  PrefFlag,
  prefIdToFlag,
  prefsToMask,
  setPref,
  setPrefField,
  showCostCompareVariance,
} from '../src/preferences';

const { ApplyVendor, DisableItmGrp, UpdateUnitCost, MinMaxItemAdjust, MinMaxOutsideUpdate, UnitCostOUEn } =
  PrefFlag;

describe('preference IDs 1-6 map to bits 1, 2, 4, 8, 16, 32 (RULES.md)', () => {
  it.each([
    [1, ApplyVendor, 1],
    [2, DisableItmGrp, 2],
    [3, UpdateUnitCost, 4],
    [4, MinMaxItemAdjust, 8],
    [5, MinMaxOutsideUpdate, 16],
    [6, UnitCostOUEn, 32],
    [7, null, null],
    [0, null, null],
  ])('ID %i -> flag %s (bit %s)', (id, flag, bit) => {
    expect(prefIdToFlag(id)).toBe(flag);
    expect(flag).toBe(bit);
  });
});

describe('prefsToMask', () => {
  it.each([
    [[], 0],
    [null, 0],
    [[{ PrefID: 1, PrefValue: true }], 1],
    [[{ PrefID: 2, PrefValue: 'true' }], 2],
    [[{ PrefID: 3, PrefValue: 1 }], 4],
    [[{ PrefID: 4, PrefValue: '1' }], 8],
    [
      [
        { PrefID: 5, PrefValue: true },
        { PrefID: 6, PrefValue: true },
      ],
      48,
    ],
    [
      [
        { PrefID: 1, PrefValue: false },
        { PrefID: 2, PrefValue: 'false' },
        { PrefID: 3, PrefValue: 0 },
      ],
      0,
    ],
    [[{ PrefID: 7, PrefValue: true }], 0],
    [[{ PrefID: 8, PrefValue: true }], 0],
    [[1, 2, 3, 4, 5, 6].map((PrefID) => ({ PrefID, PrefValue: true })), 63],
    [[{ PrefID: 6, PrefValue: 'Y' }], 32],
    [[{ PrefID: 1, PrefValue: null }], 0],
  ])('%o -> %i', (list, expected) => {
    expect(prefsToMask(list)).toBe(expected);
  });
});

describe('mask, list and form', () => {
  it('writes the stored list in ID order', () => {
    expect(maskToPrefs(5)).toEqual([
      { PrefID: 1, PrefValue: true },
      { PrefID: 2, PrefValue: false },
      { PrefID: 3, PrefValue: true },
      { PrefID: 4, PrefValue: false },
      { PrefID: 5, PrefValue: false },
      { PrefID: 6, PrefValue: false },
    ]);
  });

  it('maps the form fields to their flags, whatever their order', () => {
    expect(maskToForm(UpdateUnitCost | MinMaxOutsideUpdate)).toEqual({
      applyVendorList: false,
      disMaintainItemGroup: false,
      enMinMaxItemAdjust: false,
      enMinMaxOutsideUpdate: true,
      canUpdateUnitCost: true,
      isUnitCostOUEnabled: false,
    });
    expect(formToMask({ applyVendorList: true, isUnitCostOUEnabled: true })).toBe(33);
    expect(formToMask({ disMaintainItemGroup: true, enMinMaxItemAdjust: true })).toBe(10);
  });

  it('tells what each flag gates', () => {
    expect(hasPref(6, DisableItmGrp)).toBe(true);
    expect(can.maintainItemGroups(DisableItmGrp)).toBe(false);
    expect(can.maintainItemGroups(0)).toBe(true);
    expect(can.updateUnitCost(UpdateUnitCost)).toBe(true);
    expect(can.updateUnitCost(0)).toBe(false);
    expect(can.applyVendor(1)).toBe(true);
  });
});

describe('turning off min/max in item adjust forces min/max in outside update off', () => {
  it.each([
    [MinMaxItemAdjust | MinMaxOutsideUpdate, MinMaxItemAdjust, false, 0],
    [MinMaxOutsideUpdate, MinMaxItemAdjust, false, 0],
    [MinMaxItemAdjust | MinMaxOutsideUpdate, MinMaxOutsideUpdate, false, MinMaxItemAdjust],
    [0, MinMaxOutsideUpdate, true, MinMaxOutsideUpdate],
    [MinMaxItemAdjust | MinMaxOutsideUpdate, UpdateUnitCost, false, 24],
    [0, ApplyVendor, true, 1],
    [63, MinMaxItemAdjust, false, 63 - 8 - 16],
    [0, MinMaxItemAdjust, true, 8],
  ])('mask %i, set flag %i to %s -> %i', (mask, flag, on, expected) => {
    expect(setPref(mask, flag, on)).toBe(expected);
  });

  it('does the same on the form', () => {
    const form = maskToForm(MinMaxItemAdjust | MinMaxOutsideUpdate);
    const next = setPrefField(form, 'enMinMaxItemAdjust', false);
    expect(next.enMinMaxItemAdjust).toBe(false);
    expect(next.enMinMaxOutsideUpdate).toBe(false);
  });
});

describe('Cost Compare Variance (ID 7)', () => {
  it('shows only from table version 30 with unit cost in outside updates on', () => {
    expect(showCostCompareVariance(30, { isUnitCostOUEnabled: true })).toBe(true);
    expect(showCostCompareVariance(29, { isUnitCostOUEnabled: true })).toBe(false);
    expect(showCostCompareVariance(30, { isUnitCostOUEnabled: false })).toBe(false);
  });
});

describe('preference properties', () => {
  const mask = fc.integer({ min: 0, max: 63 });
  const flag = fc.constantFrom(
    ApplyVendor,
    DisableItmGrp,
    UpdateUnitCost,
    MinMaxItemAdjust,
    MinMaxOutsideUpdate,
    UnitCostOUEn,
  );

  it('mask -> stored list -> mask and mask -> form -> mask are the identity', () => {
    fc.assert(fc.property(mask, (m) => prefsToMask(maskToPrefs(m)) === m && formToMask(maskToForm(m)) === m));
  });

  it('after turning item-adjust min/max off, outside-update min/max is never on', () => {
    fc.assert(fc.property(mask, (m) => !hasPref(setPref(m, MinMaxItemAdjust, false), MinMaxOutsideUpdate)));
  });

  it('setting a flag changes only that flag (and the forced one)', () => {
    fc.assert(
      fc.property(mask, flag, fc.boolean(), (m, f, on) => {
        const next = setPref(m, f, on);
        const forced = f === MinMaxItemAdjust && !on ? MinMaxOutsideUpdate : 0;
        return hasPref(next, f) === on && (next & ~(f | forced)) === (m & ~(f | forced));
      }),
    );
  });
});
