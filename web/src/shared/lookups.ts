/**
 * The lookup lists every screen offers (docs/api.md): one query-key factory and one query per
 * list, so two screens asking for the zone's departments share one cache entry.
 */
import type { PricingEvent } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, seg } from './api';
import type {
  CriteriaLookups,
  Department,
  ItemGroup,
  ItemType,
  Redemption,
  TaxGroup,
  Uom,
  Vendor,
} from './lookupTypes';

export const lookupKeys = {
  all: ['lookups'] as const,
  zone: (user: string, zone: number) => [...lookupKeys.all, user, zone] as const,
  departments: (user: string, zone: number) => [...lookupKeys.zone(user, zone), 'departments'] as const,
  taxGroups: (user: string, zone: number) => [...lookupKeys.zone(user, zone), 'taxgroups'] as const,
  redemptions: (user: string, zone: number) => [...lookupKeys.zone(user, zone), 'redemptions'] as const,
  itemGroups: (user: string, zone: number) => [...lookupKeys.zone(user, zone), 'itemgroups'] as const,
  itemTypes: (user: string, zone: number) => [...lookupKeys.zone(user, zone), 'itemtypes'] as const,
  uoms: (user: string, zone: number) => [...lookupKeys.zone(user, zone), 'uom'] as const,
  criteria: (user: string, zone: number) => [...lookupKeys.zone(user, zone), 'criteria'] as const,
  pricingEvents: (user: string, zone: number) =>
    [...lookupKeys.zone(user, zone), 'currentPricingEvents'] as const,
  vendors: (user: string) => [...lookupKeys.all, user, 'vendors'] as const,
};

const LOOKUP_STALE = 5 * 60_000;

const lookup = <T>(key: readonly unknown[], path: string) =>
  queryOptions({ queryKey: key, queryFn: () => api<T>(path), staleTime: LOOKUP_STALE });

/** GET /departments/{user}/{zone}/ItemTypeName/ALL: the zone's departments of every item type. */
export const departmentsQuery = (user: string, zone: number) =>
  lookup<Department[]>(
    lookupKeys.departments(user, zone),
    `/departments/${seg(user)}/${zone}/ItemTypeName/ALL`,
  );
export const taxGroupsQuery = (user: string, zone: number) =>
  lookup<TaxGroup[]>(lookupKeys.taxGroups(user, zone), `/taxgroups/${seg(user)}/${zone}`);
export const redemptionsQuery = (user: string, zone: number) =>
  lookup<Redemption[]>(lookupKeys.redemptions(user, zone), `/redemptionsPerZone/${seg(user)}/${zone}`);
export const itemGroupsQuery = (user: string, zone: number) =>
  lookup<ItemGroup[]>(lookupKeys.itemGroups(user, zone), `/itemgroups/${seg(user)}/${zone}`);
export const itemTypesQuery = (user: string, zone: number) =>
  lookup<ItemType[]>(lookupKeys.itemTypes(user, zone), `/itemtypes/${seg(user)}/${zone}`);
export const uomsQuery = (user: string, zone: number) =>
  lookup<Uom[]>(lookupKeys.uoms(user, zone), `/items/uom/${seg(user)}/${zone}`);
export const vendorsQuery = (user: string) =>
  lookup<Vendor[]>(lookupKeys.vendors(user), `/vendors/${seg(user)}`);

/** POST /adjust/{user}/criteria: the search criteria's lists and the negotiated-cost templates. */
export const criteriaLookupsQuery = (user: string, zone: number) =>
  queryOptions({
    queryKey: lookupKeys.criteria(user, zone),
    queryFn: () => api<CriteriaLookups>(`/adjust/${seg(user)}/criteria`, { body: { ZoneSetupID: zone } }),
    staleTime: LOOKUP_STALE,
  });

/** GET /currentPricingEvents/{user}/{zone}: asked fresh each time a dialog offers them. */
export const pricingEventsQuery = (user: string, zone: number) =>
  queryOptions({
    queryKey: lookupKeys.pricingEvents(user, zone),
    queryFn: () => api<PricingEvent[]>(`/currentPricingEvents/${seg(user)}/${zone}`),
    staleTime: 0,
  });
