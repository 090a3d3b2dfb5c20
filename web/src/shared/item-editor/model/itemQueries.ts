/** Query keys and lookups of Add Item and Add/Edit Item (TanStack Query owns this server state). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../shared/api';
import { getItemHistoryPerSite, type ItemLookupKey, listIngredients } from './itemsApi';
import type {
  Department,
  ItemGroup,
  ItemType,
  Redemption,
  TaxGroup,
  Uom,
  UserPreferences,
  Vendor,
} from './itemTypes';

export const itemKeys = {
  all: ['items'] as const,
  lookups: (user: string, zone: number) => ['items', 'lookups', user, zone] as const,
  departments: (user: string, zone: number) => ['items', 'lookups', user, zone, 'departments'] as const,
  taxGroups: (user: string, zone: number) => ['items', 'lookups', user, zone, 'taxgroups'] as const,
  redemptions: (user: string, zone: number) => ['items', 'lookups', user, zone, 'redemptions'] as const,
  itemGroups: (user: string, zone: number) => ['items', 'lookups', user, zone, 'itemgroups'] as const,
  itemTypes: (user: string, zone: number) => ['items', 'lookups', user, zone, 'itemtypes'] as const,
  uoms: (user: string, zone: number) => ['items', 'lookups', user, zone, 'uom'] as const,
  vendors: (user: string) => ['items', 'vendors', user] as const,
  preferences: (user: string) => ['items', 'preferences', user] as const,
  ingredients: (user: string, zone: number, search: string) =>
    ['items', 'ingredients', user, zone, search] as const,
  history: (user: string, key: ItemLookupKey) =>
    ['items', 'history', user, key.ZoneSetupID, key.ID, String(key.PackSize)] as const,
};

const LOOKUP_STALE = 5 * 60_000;

const zoneLookup = <T>(key: readonly unknown[], path: string) =>
  queryOptions({ queryKey: key, queryFn: () => api<T>(path), staleTime: LOOKUP_STALE });

export const departmentsQuery = (user: string, zone: number) =>
  zoneLookup<Department[]>(
    itemKeys.departments(user, zone),
    `/departments/${seg(user)}/${seg(zone)}/ItemTypeName/ALL`,
  );
export const taxGroupsQuery = (user: string, zone: number) =>
  zoneLookup<TaxGroup[]>(itemKeys.taxGroups(user, zone), `/taxgroups/${seg(user)}/${seg(zone)}`);
export const redemptionsQuery = (user: string, zone: number) =>
  zoneLookup<Redemption[]>(itemKeys.redemptions(user, zone), `/redemptionsPerZone/${seg(user)}/${seg(zone)}`);
export const itemGroupsQuery = (user: string, zone: number) =>
  zoneLookup<ItemGroup[]>(itemKeys.itemGroups(user, zone), `/itemgroups/${seg(user)}/${seg(zone)}`);
export const itemTypesQuery = (user: string, zone: number) =>
  zoneLookup<ItemType[]>(itemKeys.itemTypes(user, zone), `/itemtypes/${seg(user)}/${seg(zone)}`);
export const uomsQuery = (user: string, zone: number) =>
  zoneLookup<Uom[]>(itemKeys.uoms(user, zone), `/items/uom/${seg(user)}/${seg(zone)}`);
export const vendorsQuery = (user: string) =>
  zoneLookup<Vendor[]>(itemKeys.vendors(user), `/vendors/${seg(user)}`);
export const preferencesQuery = (user: string) =>
  queryOptions({
    queryKey: itemKeys.preferences(user),
    queryFn: () => api<UserPreferences>(`/userPreferences/${seg(user)}`),
    staleTime: 60_000,
  });

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
  prefs: UserPreferences | null;
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
