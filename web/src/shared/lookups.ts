/**
 * The lookup lists every screen offers (docs/api.md): one query-key factory and one query per
 * list, so two screens asking for the zone's departments share one cache entry.
 */
import { adjustCalls, lookupCalls } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api';

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

const lookup = <T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) =>
  queryOptions({ queryKey, queryFn, staleTime: LOOKUP_STALE });

/** GET /departments/{user}/{zone}/ItemTypeName/ALL: the zone's departments of every item type. */
export const departmentsQuery = (user: string, zone: number) =>
  lookup(lookupKeys.departments(user, zone), () =>
    call(lookupCalls.departments, { params: { user, zone, itemTypeName: 'ALL' } }),
  );
export const taxGroupsQuery = (user: string, zone: number) =>
  lookup(lookupKeys.taxGroups(user, zone), () => call(lookupCalls.taxGroups, { params: { user, zone } }));
export const redemptionsQuery = (user: string, zone: number) =>
  lookup(lookupKeys.redemptions(user, zone), () =>
    call(lookupCalls.redemptionsPerZone, { params: { user, zone } }),
  );
export const itemGroupsQuery = (user: string, zone: number) =>
  lookup(lookupKeys.itemGroups(user, zone), () => call(lookupCalls.itemGroups, { params: { user, zone } }));
export const itemTypesQuery = (user: string, zone: number) =>
  lookup(lookupKeys.itemTypes(user, zone), () => call(lookupCalls.itemTypes, { params: { user, zone } }));
export const uomsQuery = (user: string, zone: number) =>
  lookup(lookupKeys.uoms(user, zone), () => call(lookupCalls.uoms, { params: { user, zone } }));
export const vendorsQuery = (user: string) =>
  lookup(lookupKeys.vendors(user), () => call(lookupCalls.vendors, { params: { user } }));

/** POST /adjust/{user}/criteria: the search criteria's lists and the negotiated-cost templates. */
export const criteriaLookupsQuery = (user: string, zone: number) =>
  queryOptions({
    queryKey: lookupKeys.criteria(user, zone),
    queryFn: () => call(adjustCalls.criteria, { params: { user }, body: { ZoneSetupID: zone } }),
    staleTime: LOOKUP_STALE,
  });

/** GET /currentPricingEvents/{user}/{zone}: asked fresh each time a dialog offers them. */
export const pricingEventsQuery = (user: string, zone: number) =>
  queryOptions({
    queryKey: lookupKeys.pricingEvents(user, zone),
    queryFn: () => call(adjustCalls.currentPricingEvents, { params: { user, zone } }),
    staleTime: 0,
  });
