/**
 * The signed-in user's preference flags (POST /preferences/{user}) and what they let the user
 * do (RULES.md "Preference flags"). One query for every screen (Preferences, Item Adjustment, the
 * item form, Outside Updates and its cost variance); a save of the preferences invalidates
 * `preferencesKey(user)`, so every open screen reads the new flags at once.
 */
import { can, lookupCalls, preferenceCalls } from '@cpb/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api';

export const preferencesKey = (user: string) => ['preferences', user] as const;

/** POST /preferences/{user}: the mask, its flags by form field, the stored list and the variance. */
export const preferencesQuery = (user: string) =>
  queryOptions({
    queryKey: preferencesKey(user),
    queryFn: () => call(preferenceCalls.preferences, { params: { user }, body: {} }),
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
export function usePreferences(user: string): Permissions & { costCompareVariance: number } {
  const query = useQuery(preferencesQuery(user));
  return {
    ...permissionsOf(query.data?.Mask ?? 0, query.data !== undefined),
    costCompareVariance: query.data?.CostCompareVariance ?? 0,
  };
}

/** GET /tableVersion/{user}: Cost Compare Variance shows from table version 30 on. */
export const tableVersionQuery = (user: string) =>
  queryOptions({
    queryKey: ['tableVersion', user] as const,
    queryFn: () => call(lookupCalls.tableVersion, { params: { user } }),
    staleTime: 5 * 60_000,
  });
