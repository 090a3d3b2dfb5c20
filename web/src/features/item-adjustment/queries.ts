/** Query keys and query options of Item Adjustment (TanStack Query owns all server state). */
import { queryOptions } from '@tanstack/react-query';
import { fetchCoverage, fetchMostCommon, searchItems } from './api';
import type { DivergentField, SearchRequest, SelectedItem } from './types';

export const itemAdjustKeys = {
  all: ['itemAdjust'] as const,
  searches: (user: string, zoneId: number) => [...itemAdjustKeys.all, 'search', user, zoneId] as const,
  search: (user: string, zoneId: number, req: SearchRequest) =>
    [...itemAdjustKeys.searches(user, zoneId), req] as const,
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
