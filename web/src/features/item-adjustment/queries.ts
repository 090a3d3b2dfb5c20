/** Query keys and query options of Item Adjustment (TanStack Query owns all server state). */
import { queryOptions } from '@tanstack/react-query';
import { api, seg } from '../../shared/api';
import { fetchCoverage, fetchMostCommon, searchItems } from './api';
import type {
  CriteriaLookups,
  Department,
  DivergentField,
  PricingEvent,
  SearchRequest,
  SelectedItem,
  UserPreferences,
} from './types';

export const itemAdjustKeys = {
  all: ['itemAdjust'] as const,
  searches: (user: string, zoneId: number) => [...itemAdjustKeys.all, 'search', user, zoneId] as const,
  search: (user: string, zoneId: number, req: SearchRequest) =>
    [...itemAdjustKeys.searches(user, zoneId), req] as const,
  criteria: (user: string, zoneId: number) => [...itemAdjustKeys.all, 'criteria', user, zoneId] as const,
  departments: (user: string, zoneId: number) => ['departments', user, zoneId, 'ALL'] as const,
  preferences: (user: string) => ['userPreferences', user] as const,
  events: (user: string, zoneId: number) =>
    [...itemAdjustKeys.all, 'currentPricingEvents', user, zoneId] as const,
  mostCommon: (user: string, zoneId: number, key: string, field: DivergentField) =>
    [...itemAdjustKeys.all, 'mostCommon', user, zoneId, key, field] as const,
  coverage: (user: string, zoneId: number, items: SelectedItem[]) =>
    [...itemAdjustKeys.all, 'coverage', user, zoneId, items.map((i) => `${i.ID}@${i.PackSize}`)] as const,
};

export const searchQuery = (user: string, zoneId: number, req: SearchRequest) =>
  queryOptions({
    queryKey: itemAdjustKeys.search(user, zoneId, req),
    queryFn: () => searchItems(user, zoneId, req),
    staleTime: 0,
  });

export const criteriaLookupsQuery = (user: string, zoneId: number) =>
  queryOptions({
    queryKey: itemAdjustKeys.criteria(user, zoneId),
    queryFn: () => api<CriteriaLookups>(`/adjust/${seg(user)}/criteria`, { body: { ZoneSetupID: zoneId } }),
    staleTime: 5 * 60_000,
  });

export const departmentsQuery = (user: string, zoneId: number) =>
  queryOptions({
    queryKey: itemAdjustKeys.departments(user, zoneId),
    queryFn: () => api<Department[]>(`/departments/${seg(user)}/${zoneId}/ItemTypeName/ALL`),
    staleTime: 5 * 60_000,
  });

export const preferencesQuery = (user: string) =>
  queryOptions({
    queryKey: itemAdjustKeys.preferences(user),
    queryFn: () => api<UserPreferences>(`/userPreferences/${seg(user)}`),
    staleTime: 60_000,
  });

export const pricingEventsQuery = (user: string, zoneId: number) =>
  queryOptions({
    queryKey: itemAdjustKeys.events(user, zoneId),
    queryFn: () => api<PricingEvent[]>(`/currentPricingEvents/${seg(user)}/${zoneId}`),
    staleTime: 0,
  });

export const mostCommonQuery = (
  user: string,
  zoneId: number,
  item: { ID: string; PackSize: number; idplu: string },
  field: DivergentField,
) =>
  queryOptions({
    queryKey: itemAdjustKeys.mostCommon(user, zoneId, item.idplu, field),
    queryFn: () => fetchMostCommon(user, zoneId, item, field),
    staleTime: 0,
  });

export const coverageQuery = (user: string, zoneId: number, items: SelectedItem[]) =>
  queryOptions({
    queryKey: itemAdjustKeys.coverage(user, zoneId, items),
    queryFn: () => fetchCoverage(user, zoneId, items),
    staleTime: 0,
  });
