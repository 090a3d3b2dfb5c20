/**
 * The Preferences form (spec part 2 "Preferences"): six flags and ouPercent (Cost Compare
 * Variance), what Submit sends, and whether anything changed.
 */
import {
  COST_COMPARE_VARIANCE_ID,
  formToMask,
  maskToPrefs,
  PREF_FIELDS,
  type PreferencesAnswer,
  type PreferencesForm,
  type PrefField,
  type SetPreferenceInput,
  type SetPreferenceIntInput,
  setPrefField,
} from '@cpb/domain';

export const FLAG_FIELDS = Object.keys(PREF_FIELDS) as PrefField[];

/** The form as the stored preferences give it. */
export function formOf(answer: PreferencesAnswer): PreferencesForm {
  return { ...answer.Flags, ouPercent: String(answer.CostCompareVariance) };
}

/** A flag's new value; turning min/max in Item Adjustment off turns it off in Outside Updates. */
export function withFlag(form: PreferencesForm, field: PrefField, on: boolean): PreferencesForm {
  const flags = Object.fromEntries(FLAG_FIELDS.map((f) => [f, Boolean(form[f])])) as Record<
    PrefField,
    boolean
  >;
  return { ...form, ...setPrefField(flags, field, on) };
}

export function isChanged(form: PreferencesForm, loaded: PreferencesForm, showPercent: boolean): boolean {
  if (FLAG_FIELDS.some((f) => form[f] !== loaded[f])) return true;
  return showPercent && String(form.ouPercent ?? '').trim() !== String(loaded.ouPercent ?? '').trim();
}

export const PERCENT_NAME = 'Cost Compare Variance';

/** What Submit sends: all six flags (IDs 1-6), and the percent (ID 7) when shown and changed. */
export function saveBodies(
  form: PreferencesForm,
  loaded: PreferencesForm,
  percent: number | null,
  showPercent: boolean,
): { flags: SetPreferenceInput | null; percent: SetPreferenceIntInput | null } {
  const flagsChanged = FLAG_FIELDS.some((f) => form[f] !== loaded[f]);
  const mask = formToMask(form);
  const percentChanged =
    showPercent && percent !== null && String(percent) !== String(loaded.ouPercent ?? '').trim();
  return {
    flags: flagsChanged ? maskToPrefs(mask) : null,
    percent: percentChanged
      ? { PrefID: COST_COMPARE_VARIANCE_ID, PrefString: PERCENT_NAME, PrefValue: percent }
      : null,
  };
}
