/**
 * The preferences calls (spec part 2 §7 "Preferences"): POST /preferences/{user} (PrefID),
 * POST /preferencesInt/{user}, POST /setPreference/{user} (PrefID and PrefValue for IDs 1-6),
 * POST /setPreferenceInt/{user} (PrefID 7, PrefString, PrefValue). docs/api.md "Preferences".
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  COST_COMPARE_VARIANCE_ID,
  COST_COMPARE_VARIANCE_MAX,
  COST_COMPARE_VARIANCE_MIN,
  PREF_FIELDS,
  PREF_ID_ORDER,
} from '../preferences';
import { contract } from './contract';
import { rows, safeText } from './fields';
import { UserParams } from './params';
import { rootOf } from './responses';

const FLAG_IDS = PREF_ID_ORDER.length;

/** The answer of /preferences and /setPreference: the mask, its flags, the stored rows and the variance. */
export const PreferencesAnswer = z.strictObject({
  Mask: z.number(),
  Flags: z.strictObject(
    Object.fromEntries(Object.keys(PREF_FIELDS).map((k) => [k, z.boolean()])) as Record<
      keyof typeof PREF_FIELDS,
      z.ZodBoolean
    >,
  ),
  /** The stored flags (IDs 1-6), or only the one asked for by PrefID. */
  Prefs: z.array(z.strictObject({ PrefID: z.number(), PrefValue: z.boolean() })),
  CostCompareVariance: z.number(),
});
export type PreferencesAnswer = z.infer<typeof PreferencesAnswer>;

/** POST /preferences/{user}: PrefID 1-6 narrows Prefs to that flag; absent, every flag. */
export const PreferencesBody = z
  .object({ PrefID: z.number().int().min(1).max(FLAG_IDS).optional() })
  .nullish()
  .transform((b) => b ?? {});

/** POST /preferencesInt/{user}: the integer preference (only ID 7, Cost Compare Variance). */
export const PreferenceIntBody = z
  .object({ PrefID: z.literal(COST_COMPARE_VARIANCE_ID).default(COST_COMPARE_VARIANCE_ID) })
  .nullish()
  .transform((b) => b ?? { PrefID: COST_COMPARE_VARIANCE_ID });

export const PreferenceIntAnswer = z.strictObject({
  PrefID: z.number(),
  PrefString: z.string().nullable(),
  PrefValue: z.number(),
});
export type PreferenceIntAnswer = z.infer<typeof PreferenceIntAnswer>;

/**
 * POST /setPreference/{user}: a list of PrefID (1-6, each once) and PrefValue. IDs left out keep
 * their value. Turning MinMaxItemAdjust (ID 4) off also turns MinMaxOutsideUpdate (ID 5) off.
 */
export const SetPreferenceBody = rows(
  z.object({ PrefID: z.number().int().min(1).max(FLAG_IDS), PrefValue: z.boolean() }),
  FLAG_IDS,
)
  .min(1, 'PrefID: give at least one preference.')
  .refine((l) => new Set(l.map((p) => p.PrefID)).size === l.length, 'PrefID: each preference once.');
export type SetPreferenceInput = z.input<typeof SetPreferenceBody>;

/** POST /setPreferenceInt/{user}: PrefID 7, its name, and a whole percent 0-99. */
export const SetPreferenceIntBody = z.object({
  PrefID: z.literal(COST_COMPARE_VARIANCE_ID),
  PrefString: safeText(100).nullish(),
  PrefValue: z
    .number()
    .int('PrefValue: Enter a whole number.')
    .min(COST_COMPARE_VARIANCE_MIN, MESSAGES.MIN_0)
    .max(COST_COMPARE_VARIANCE_MAX, MESSAGES.MAX_99),
});
export type SetPreferenceIntInput = z.input<typeof SetPreferenceIntBody>;

const Tags = ['preferences'];

export const preferenceCalls = {
  preferences: contract({
    method: 'POST',
    path: '/preferences/:user',
    params: UserParams,
    body: PreferencesBody,
    response: rootOf(PreferencesAnswer),
    tags: Tags,
  }),
  preferencesInt: contract({
    method: 'POST',
    path: '/preferencesInt/:user',
    params: UserParams,
    body: PreferenceIntBody,
    response: rootOf(PreferenceIntAnswer),
    tags: Tags,
  }),
  setPreference: contract({
    method: 'POST',
    path: '/setPreference/:user',
    params: UserParams,
    body: SetPreferenceBody,
    response: rootOf(PreferencesAnswer),
    tags: Tags,
  }),
  setPreferenceInt: contract({
    method: 'POST',
    path: '/setPreferenceInt/:user',
    params: UserParams,
    body: SetPreferenceIntBody,
    response: rootOf(PreferenceIntAnswer),
    tags: Tags,
  }),
};
