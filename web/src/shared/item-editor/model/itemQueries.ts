import type {
  Department,
  ItemGroup,
  ItemType,
  PreferencesAnswer,
  Redemption,
  TaxGroup,
  Uom,
  Vendor,
} from '@cpb/domain';
/** Query keys and lookups of Add Item and Add/Edit Item (TanStack Query owns this server state). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  departmentsQuery,
  itemGroupsQuery,
  itemTypesQuery,
  redemptionsQuery,
  taxGroupsQuery,
  uomsQuery,
  vendorsQuery,
} from '../../lookups';
import { preferencesQuery } from '../../preferences';
import { getItemHistoryPerSite, type ItemLookupKey, listIngredients } from './itemsApi';

export const itemKeys = {
  all: ['items'] as const,
  ingredients: (user: string, zone: number, search: string) =>
    ['items', 'ingredients', user, zone, search] as const,
  history: (user: string, key: ItemLookupKey) =>
    ['items', 'history', user, key.ZoneSetupID, key.ID, String(key.PackSize)] as const,
};

/** Picker lists of the ingredient search (spec §9: 50). */
export const INGREDIENT_LIMIT = 50;

export const ingredientsQuery = (user: string, zone: number, search: string) =>
  queryOptions({
    queryKey: itemKeys.ingredients(user, zone, search),
    queryFn: () => listIngredients(user, zone, search, INGREDIENT_LIMIT),
    staleTime: 60_000,
  });

export const historyQuery = (user: string, key: ItemLookupKey) =>
  queryOptions({
    queryKey: itemKeys.history(user, key),
    queryFn: () => getItemHistoryPerSite(user, key),
    staleTime: 0,
  });

/** Everything the item form needs to offer its choices, for one zone. */
export interface ItemLookups {
  departments: Department[];
  taxGroups: TaxGroup[];
  redemptions: Redemption[];
  itemGroups: ItemGroup[];
  itemTypes: ItemType[];
  uoms: Uom[];
  vendors: Vendor[];
  prefs: PreferencesAnswer | null;
  loading: boolean;
}

export function useItemLookups(user: string, zone: number | null): ItemLookups {
  const z = zone ?? 0;
  const enabled = zone !== null;
  const departments = useQuery({ ...departmentsQuery(user, z), enabled });
  const taxGroups = useQuery({ ...taxGroupsQuery(user, z), enabled });
  const redemptions = useQuery({ ...redemptionsQuery(user, z), enabled });
  const itemGroups = useQuery({ ...itemGroupsQuery(user, z), enabled });
  const itemTypes = useQuery({ ...itemTypesQuery(user, z), enabled });
  const uoms = useQuery({ ...uomsQuery(user, z), enabled });
  const vendors = useQuery(vendorsQuery(user));
  const prefs = useQuery(preferencesQuery(user));
  const all = [departments, taxGroups, redemptions, itemGroups, itemTypes, uoms, vendors, prefs];
  return {
    departments: departments.data ?? [],
    taxGroups: taxGroups.data ?? [],
    redemptions: redemptions.data ?? [],
    itemGroups: itemGroups.data ?? [],
    itemTypes: itemTypes.data ?? [],
    uoms: uoms.data ?? [],
    vendors: vendors.data ?? [],
    prefs: prefs.data ?? null,
    loading: all.some((q) => q.isPending && q.fetchStatus !== 'idle'),
  };
}
