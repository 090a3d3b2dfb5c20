/**
 * The signed-in user's preference flags (GET /userPreferences/{user}) and what they let the user
 * do (RULES.md "Preference flags"). One query for every screen; a save of the preferences
 * invalidates `preferencesKey(user)`, so every screen reads the new flags.
 */
import { can, preferenceCalls } from '@cpb/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api';

export const preferencesKey = (user: string) => ['userPreferences', user] as const;

/** GET /userPreferences/{user}: the mask, its flags by form field, the stored list and the variance. */
export const preferencesQuery = (user: string) =>
  queryOptions({
    queryKey: preferencesKey(user),
    queryFn: () => call(preferenceCalls.userPreferences, { params: { user } }),
    staleTime: 60_000,
  });

/** After a save of the preferences: every screen reads them again. */
export const invalidatePreferences = (qc: QueryClient, user: string) =>
  qc.invalidateQueries({ queryKey: preferencesKey(user) });

/** What the user may do; all false (but item groups, which a flag disables) until the flags came. */
export interface Permissions {
  /** The preference mask (0 until it came). */
  mask: number;
  applyVendor: boolean;
  maintainItemGroups: boolean;
  updateUnitCost: boolean;
  minMaxInItemAdjust: boolean;
  minMaxInOutsideUpdate: boolean;
  unitCostInOutsideUpdate: boolean;
  /** The flags have come. */
  loaded: boolean;
}

/** The permissions of a mask (the domain's `can`). */
export function permissionsOf(mask: number, loaded = true): Permissions {
  return {
    mask,
    applyVendor: can.applyVendor(mask),
    maintainItemGroups: can.maintainItemGroups(mask),
    updateUnitCost: can.updateUnitCost(mask),
    minMaxInItemAdjust: can.minMaxInItemAdjust(mask),
    minMaxInOutsideUpdate: can.minMaxInOutsideUpdate(mask),
    unitCostInOutsideUpdate: can.unitCostInOutsideUpdate(mask),
    loaded,
  };
}

/** What the signed-in user may do, from the one preferences query. */
export function usePreferences(user: string): Permissions {
  const query = useQuery(preferencesQuery(user));
  return permissionsOf(query.data?.Mask ?? 0, query.data !== undefined);
}
