/**
 * Per-user preference flags (RULES.md "Preference flags"): preference IDs 1-6
 * map to bits 1, 2, 4, 8, 16, 32 in this order; ID 7 is the integer Cost Compare
 * Variance percent (0-99). A user with no preferences has mask 0.
 */

export const PrefFlag = {
  ApplyVendor: 1,
  DisableItmGrp: 2,
  UpdateUnitCost: 4,
  MinMaxItemAdjust: 8,
  MinMaxOutsideUpdate: 16,
  UnitCostOUEn: 32,
} as const;
export type PrefFlag = (typeof PrefFlag)[keyof typeof PrefFlag];

/** Flags in preference-ID order: ID n is PREF_ID_ORDER[n - 1]. */
export const PREF_ID_ORDER: readonly PrefFlag[] = [
  PrefFlag.ApplyVendor,
  PrefFlag.DisableItmGrp,
  PrefFlag.UpdateUnitCost,
  PrefFlag.MinMaxItemAdjust,
  PrefFlag.MinMaxOutsideUpdate,
  PrefFlag.UnitCostOUEn,
];

export const COST_COMPARE_VARIANCE_ID = 7;
export const COST_COMPARE_VARIANCE_MIN = 0;
export const COST_COMPARE_VARIANCE_MAX = 99;
/** ouPercent is shown only from this table version on. */
export const COST_COMPARE_MIN_TABLE_VERSION = 30;

export interface StoredPref {
  PrefID: number;
  PrefValue: boolean | number | string | null;
}

/** Whether a stored value means "set": true, 1, 'true', '1', 'Y', 'yes' (any case). */
export function isTrueValue(v: StoredPref['PrefValue']): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1;
  if (typeof v === 'string') return ['true', '1', 'y', 'yes'].includes(v.trim().toLowerCase());
  return false;
}

/** The flag of preference ID 1-6, or null for any other ID. */
export function prefIdToFlag(prefId: number): PrefFlag | null {
  return PREF_ID_ORDER[prefId - 1] ?? null;
}

/** The bit mask of a stored preference list; IDs other than 1-6 are ignored. */
export function prefsToMask(list: readonly StoredPref[] | null | undefined): number {
  let mask = 0;
  for (const p of list ?? []) {
    const flag = prefIdToFlag(p.PrefID);
    if (flag !== null && isTrueValue(p.PrefValue)) mask |= flag;
  }
  return mask;
}

/** The stored list (IDs 1-6, boolean values) of a mask, as /setPreference takes it. */
export function maskToPrefs(mask: number): { PrefID: number; PrefValue: boolean }[] {
  return PREF_ID_ORDER.map((flag, i) => ({ PrefID: i + 1, PrefValue: (mask & flag) !== 0 }));
}

export function hasPref(mask: number, flag: PrefFlag): boolean {
  return (mask & flag) !== 0;
}

/** The Preferences form's fields (note: their order differs from the ID order). */
export const PREF_FIELDS = {
  applyVendorList: PrefFlag.ApplyVendor,
  disMaintainItemGroup: PrefFlag.DisableItmGrp,
  enMinMaxItemAdjust: PrefFlag.MinMaxItemAdjust,
  enMinMaxOutsideUpdate: PrefFlag.MinMaxOutsideUpdate,
  canUpdateUnitCost: PrefFlag.UpdateUnitCost,
  isUnitCostOUEnabled: PrefFlag.UnitCostOUEn,
} as const;
export type PrefField = keyof typeof PREF_FIELDS;
export type PrefFlagsForm = Record<PrefField, boolean>;

export function maskToForm(mask: number): PrefFlagsForm {
  const form = {} as PrefFlagsForm;
  for (const [field, flag] of Object.entries(PREF_FIELDS) as [PrefField, PrefFlag][]) {
    form[field] = hasPref(mask, flag);
  }
  return form;
}

export function formToMask(form: Partial<PrefFlagsForm>): number {
  let mask = 0;
  for (const [field, flag] of Object.entries(PREF_FIELDS) as [PrefField, PrefFlag][]) {
    if (form[field]) mask |= flag;
  }
  return mask;
}

/**
 * Sets one flag of a mask. Turning MinMaxItemAdjust off also turns
 * MinMaxOutsideUpdate off; nothing else is forced.
 */
export function setPref(mask: number, flag: PrefFlag, on: boolean): number {
  let next = on ? mask | flag : mask & ~flag;
  if (flag === PrefFlag.MinMaxItemAdjust && !on) next &= ~PrefFlag.MinMaxOutsideUpdate;
  return next;
}

/** The form version of `setPref`: returns the new form values. */
export function setPrefField(form: PrefFlagsForm, field: PrefField, on: boolean): PrefFlagsForm {
  return maskToForm(setPref(formToMask(form), PREF_FIELDS[field], on));
}

/** ouPercent (Cost Compare Variance) shows only from table version 30 and with unit cost comparison on. */
export function showCostCompareVariance(
  tableVersion: number,
  form: Pick<PrefFlagsForm, 'isUnitCostOUEnabled'>,
): boolean {
  return tableVersion >= COST_COMPARE_MIN_TABLE_VERSION && form.isUnitCostOUEnabled;
}

/** What each flag gates (spec part 1 §6). DisableItmGrp is a "cannot" flag. */
export const can = {
  applyVendor: (mask: number) => hasPref(mask, PrefFlag.ApplyVendor),
  maintainItemGroups: (mask: number) => !hasPref(mask, PrefFlag.DisableItmGrp),
  updateUnitCost: (mask: number) => hasPref(mask, PrefFlag.UpdateUnitCost),
  minMaxInItemAdjust: (mask: number) => hasPref(mask, PrefFlag.MinMaxItemAdjust),
  minMaxInOutsideUpdate: (mask: number) => hasPref(mask, PrefFlag.MinMaxOutsideUpdate),
  unitCostInOutsideUpdate: (mask: number) => hasPref(mask, PrefFlag.UnitCostOUEn),
};
