/**
 * Outside Updates' calls (docs/api-outside-updates.md), through their contracts (`ouCalls`); every
 * path carries the signed-in user, every answer is the domain's type.
 */
import { type ApplyOuChangesInput, ouCalls } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api';
import type { SaveCalls } from './model/persist';

/** An item as the coverage and site-usage calls name it. */
type ItemKey = { ID: string; PackSize: number };
const itemKey = (item: ItemKey) => `${item.ID}@${item.PackSize}`;

export const ouKeys = {
  all: ['outsideUpdates'] as const,
  list: (user: string, zoneId: number) => [...ouKeys.all, 'list', user, zoneId] as const,
  coverage: (user: string, zoneId: number, key: string) =>
    [...ouKeys.all, 'coverage', user, zoneId, key] as const,
  siteItemsUsage: (user: string, zoneId: number, key: string) =>
    [...ouKeys.all, 'siteItemsUsage', user, zoneId, key] as const,
};

/** GET /outsideupdates/{user}/{zone}?includeTotalCount=true: roots, included rows, the cap. */
export const outsideUpdatesQuery = (user: string, zoneId: number) =>
  queryOptions({
    queryKey: ouKeys.list(user, zoneId),
    queryFn: () => call(ouCalls.list, { params: { user, zone: zoneId }, query: { includeTotalCount: true } }),
    staleTime: 0,
    // Choices are kept on the server as they are made; the list reloads on a zone, Apply or reload.
    refetchOnWindowFocus: false,
  });

/** POST /outsideupdates/applyOUChanges/{user}: Accept, Synch Site and Reject in one transaction. */
export const applyOuChanges = (user: string, body: ApplyOuChangesInput) =>
  call(ouCalls.apply, { params: { user }, body });

/** POST /outsideupdates/coverage/{user}: the zone's sites, the zones impacted and the origins. */
export const ouCoverageQuery = (user: string, zoneId: number, item: ItemKey) =>
  queryOptions({
    queryKey: ouKeys.coverage(user, zoneId, itemKey(item)),
    queryFn: () =>
      call(ouCalls.coverage, { params: { user }, body: { ZoneSetupID: zoneId, SelectedItems: [item] } }),
    staleTime: 0,
  });

/** POST /siteItemsUsage/{user}: the zone's stores that carry the item, with their prices. */
export const siteItemsUsageQuery = (user: string, zoneId: number, item: ItemKey) =>
  queryOptions({
    queryKey: ouKeys.siteItemsUsage(user, zoneId, itemKey(item)),
    queryFn: () =>
      call(ouCalls.siteItemsUsage, {
        params: { user },
        body: { ZoneSetupID: zoneId, SelectedItems: [item] },
      }),
    staleTime: 0,
  });

/** Runs the calls that keep `calls` on the server, one after the other. */
export async function runSaveCalls(user: string, calls: SaveCalls): Promise<void> {
  // POST /outsideupdates/itemaction/{user}: keep each item's action on its root.
  if (calls.itemAction) await call(ouCalls.itemAction, { params: { user }, body: calls.itemAction });
  // POST /updateMasterItemList/{user}: keep edited (or restored) values and the action on the roots.
  for (const body of calls.masters) await call(ouCalls.updateMasterItemList, { params: { user }, body });
}
