/** Outside Updates' calls (docs/api-outside-updates.md); every path carries the signed-in user. */
import type { ApplyOuChangesInput, OuIncluded, OuRoot, UpdateMasterItemListInput } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, seg } from '../../shared/api';
import type { SaveCalls } from './model/persist';

/** The list's answer (domain OutsideUpdatesResponse). */
export interface OuList {
  root: OuRoot[];
  included: OuIncluded[];
  TotalCount: number | null;
  Capped: boolean;
  Message: string | null;
  CostCompareVariance: number;
}

/** Apply Changes' answer (domain ApplyOuChangesResponse's RootResults). */
export interface OuApplied {
  Accepted: number;
  Synched: number;
  Rejected: number;
  SiteRows: number;
  ImpactedZones: number[];
  Message: string;
}

/** Zone-Site Impact's answer (domain OuCoverageResponse's RootResults). */
export interface OuCoverage {
  ImpactedSites: {
    SetupID: number;
    SiteNo: number;
    SiteName: string;
    Coverage: number;
    ImpactedZones: number[];
  }[];
  ImpactedZones: { ZoneSetupID: number; ZoneNo: number; ZoneName: string }[];
  Origins: { ID: string; PackSize: number; SetupIDs: number[] }[];
}

export const ouKeys = {
  all: ['outsideUpdates'] as const,
  list: (user: string, zoneId: number) => [...ouKeys.all, 'list', user, zoneId] as const,
  coverage: (user: string, zoneId: number, key: string) =>
    [...ouKeys.all, 'coverage', user, zoneId, key] as const,
};

/** GET /outsideupdates/{user}/{zone}?includeTotalCount=true: roots, included rows, the cap. */
export const outsideUpdatesQuery = (user: string, zoneId: number) =>
  queryOptions({
    queryKey: ouKeys.list(user, zoneId),
    queryFn: () => api<OuList>(`/outsideupdates/${seg(user)}/${zoneId}?includeTotalCount=true`),
    staleTime: 0,
    // Choices are kept on the server as they are made; the list reloads on a zone, Apply or reload.
    refetchOnWindowFocus: false,
  });

/** POST /outsideupdates/applyOUChanges/{user}: Accept, Synch Site and Reject in one transaction. */
export function applyOuChanges(user: string, body: ApplyOuChangesInput): Promise<OuApplied> {
  return api<OuApplied>(`/outsideupdates/applyOUChanges/${seg(user)}`, { body });
}

/** POST /outsideupdates/coverage/{user}: the zone's sites, the zones impacted and the origins. */
export const ouCoverageQuery = (user: string, zoneId: number, item: { ID: string; PackSize: number }) =>
  queryOptions({
    queryKey: ouKeys.coverage(user, zoneId, `${item.ID}@${item.PackSize}`),
    queryFn: () =>
      api<OuCoverage>(`/outsideupdates/coverage/${seg(user)}`, {
        body: { ZoneSetupID: zoneId, SelectedItems: [item] },
      }),
    staleTime: 0,
  });

/** A store's row of the item (POST /siteItemsUsage/{user}). */
export interface SiteItemUsage {
  ID: string;
  PackSize: number;
  SetupID: number;
  LocationNum: number;
  SiteName: string;
  Price: string;
  Cost: string;
  Description: string;
  DeptSub: string;
}

/** POST /siteItemsUsage/{user}: the zone's stores that carry the item, with their prices. */
export const siteItemsUsageQuery = (user: string, zoneId: number, item: { ID: string; PackSize: number }) =>
  queryOptions({
    queryKey: [...ouKeys.all, 'siteItemsUsage', user, zoneId, `${item.ID}@${item.PackSize}`] as const,
    queryFn: () =>
      api<SiteItemUsage[]>(`/siteItemsUsage/${seg(user)}`, {
        body: { ZoneSetupID: zoneId, SelectedItems: [item] },
      }),
    staleTime: 0,
  });

/** POST /outsideupdates/itemaction/{user}: keep each item's action on its root. */
export function saveItemActions(user: string, body: NonNullable<SaveCalls['itemAction']>): Promise<unknown> {
  return api(`/outsideupdates/itemaction/${seg(user)}`, { body });
}

/** POST /updateMasterItemList/{user}: keep edited (or restored) values and the action on the roots. */
export function updateMasterItemList(user: string, body: UpdateMasterItemListInput): Promise<unknown> {
  return api(`/updateMasterItemList/${seg(user)}`, { body });
}

/** Runs the calls that keep `calls` on the server, one after the other. */
export async function runSaveCalls(user: string, calls: SaveCalls): Promise<void> {
  if (calls.itemAction) await saveItemActions(user, calls.itemAction);
  for (const m of calls.masters) await updateMasterItemList(user, m);
}
