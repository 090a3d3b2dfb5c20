/**
 * Query keys and calls of the store-loop screens (Site Import, Distribute to Sites): the zone/site
 * picker, the active-sites poll and the newest run's status. One key factory, so a page can
 * refetch or replace the picker after Refresh Zones.
 */
import { type PickerZone, type ProcessType, transferCalls } from '@cpb/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { userZonesQuery } from '../../shared/queries';
import { useCurrentZone } from '../../shared/zone';

export const transferKeys = {
  /** Every picker answer of the user (to refetch after a run changed the sites' last files). */
  allZonesSites: (user: string) => ['zonesSites', user] as const,
  zonesSites: (user: string, zone: number | string) => ['zonesSites', user, String(zone)] as const,
  latest: (user: string, processType: ProcessType) => ['transferLatest', user, processType] as const,
  /** The watch of the user's run of the kind (useTransferPoll). */
  poll: (user: string, processType: ProcessType) => ['transferPoll', user, processType] as const,
};

/** GET /zonesSites/{user}/{zone}: the user's zones with their sites (zone = the path's current zone). */
export const zonesSitesQuery = (user: string, zone: number | string) =>
  queryOptions({
    queryKey: transferKeys.zonesSites(user, zone),
    queryFn: ({ signal }) => call(transferCalls.zonesSites, { params: { user, zone }, signal }),
  });

/** GET /refreshUserZones/{user}/{zone}: reloads the zones and sites (same answer as /zonesSites). */
export const refreshUserZones = (user: string, zone: number | string) =>
  call(transferCalls.refreshUserZones, { params: { user, zone } });

/** GET /transfers/{user}/latest/{processType}: the user's newest run of the kind. */
export const latestTransfer = (user: string, processType: ProcessType, signal?: AbortSignal) =>
  call(transferCalls.latest, { params: { user, processType }, signal });

/** GET /activeSites/{processType}/{user}: 0 done, -1 ask again at once, else the sites left. */
export const activeSites = (user: string, processType: ProcessType, signal?: AbortSignal) =>
  call(transferCalls.activeSites, { params: { user, processType }, signal });

/**
 * The zone for the picker's path: the user's current zone when set, else their first zone
 * (undefined while the zones load or when the user has none).
 */
export function usePickerZone(user: string): string | undefined {
  const [current] = useCurrentZone();
  const zones = useQuery(userZonesQuery(user));
  if (current) return current;
  const first = zones.data?.[0];
  return first ? String(first.ZoneSetupID) : undefined;
}

/** Counts of a picker answer, for 'Success : N zones(s) & M sites(s) loaded.'. */
export function pickerCounts(zones: readonly PickerZone[]): { zones: number; sites: number } {
  const sites = new Set(zones.flatMap((z) => z.ZoneSites.map((s) => s.SiteNo)));
  return { zones: zones.length, sites: sites.size };
}
