/** Reading and writing a user's preferences (table `preferences`: IDs 1-6 flags, ID 7 an integer). */
import {
  COST_COMPARE_VARIANCE_ID,
  hasPref,
  maskToForm,
  maskToPrefs,
  type PreferenceIntAnswer,
  type PreferencesAnswer,
  PrefFlag,
  prefIdToFlag,
  setPref,
} from '@cpb/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preferences } from '../../db/schema';
import { loadPrefMask } from '../auth/prefs';

/** The user's flags; `prefId` (1-6) narrows the stored list to that flag. */
export async function readPreferences(
  ex: Executor,
  userId: number,
  prefId?: number,
): Promise<PreferencesAnswer> {
  const stored = await ex.select().from(preferences).where(eq(preferences.userId, userId));
  const mask = await loadPrefMask(ex, userId);
  return {
    Mask: mask,
    Flags: maskToForm(mask),
    Prefs: stored
      .filter((p) => p.prefId <= 6 && (prefId === undefined || p.prefId === prefId))
      .sort((a, b) => a.prefId - b.prefId)
      .map((p) => ({ PrefID: p.prefId, PrefValue: Boolean(p.prefValue) })),
    CostCompareVariance: stored.find((p) => p.prefId === COST_COMPARE_VARIANCE_ID)?.prefInt ?? 0,
  };
}

export async function readPreferenceInt(ex: Executor, userId: number): Promise<PreferenceIntAnswer> {
  const [row] = await ex
    .select()
    .from(preferences)
    .where(and(eq(preferences.userId, userId), eq(preferences.prefId, COST_COMPARE_VARIANCE_ID)));
  return {
    PrefID: COST_COMPARE_VARIANCE_ID,
    PrefString: row?.prefString ?? null,
    PrefValue: row?.prefInt ?? 0,
  };
}

/**
 * Sets the flags listed (the others keep their value) and stores all six. Min/max in Outside
 * Updates needs min/max in Item Adjustment: with the latter off, the former is turned off too.
 */
export async function writePreferences(
  ex: Executor,
  userId: number,
  list: ReadonlyArray<{ PrefID: number; PrefValue: boolean }>,
): Promise<void> {
  let mask = await loadPrefMask(ex, userId);
  for (const p of list) {
    const flag = prefIdToFlag(p.PrefID);
    if (flag !== null) mask = setPref(mask, flag, p.PrefValue);
  }
  if (!hasPref(mask, PrefFlag.MinMaxItemAdjust)) mask = setPref(mask, PrefFlag.MinMaxOutsideUpdate, false);
  const values = maskToPrefs(mask).map((p) => ({ userId, prefId: p.PrefID, prefValue: p.PrefValue }));
  await ex
    .insert(preferences)
    .values(values)
    .onConflictDoUpdate({
      target: [preferences.userId, preferences.prefId],
      set: { prefValue: sql`excluded.pref_value` },
    });
}

export async function writePreferenceInt(
  ex: Executor,
  userId: number,
  value: number,
  name: string | null | undefined,
): Promise<void> {
  await ex
    .insert(preferences)
    .values({ userId, prefId: COST_COMPARE_VARIANCE_ID, prefInt: value, prefString: name ?? null })
    .onConflictDoUpdate({
      target: [preferences.userId, preferences.prefId],
      set: { prefInt: value, prefString: sql`coalesce(excluded.pref_string, preferences.pref_string)` },
    });
}
