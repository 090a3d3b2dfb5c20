/** The coverage dialog's state over the server's zones and sites, moved only by the domain's rules. */
import {
  Coverage,
  type CoverageState,
  type CoverageTopology,
  encodeCoverageSites,
  siteStateButtonNext,
  zoneClick,
} from '@cpb/domain';
import type { CoverageData } from '../types';

export interface CoverageModel {
  topology: CoverageTopology;
  original: CoverageState;
}

export function coverageModel(data: CoverageData): CoverageModel {
  const zonesOf = (siteId: number) =>
    data.Zones.filter((z) => z.SiteIDs.includes(siteId)).map((z) => z.ZoneSetupID);
  return {
    topology: {
      zones: data.Zones.map((z) => ({ zoneId: z.ZoneSetupID, siteIds: z.SiteIDs })),
      sites: data.ZoneSites.map((s) => ({ siteId: s.SetupID, zoneIds: zonesOf(s.SetupID), enabled: true })),
    },
    original: {
      zones: Object.fromEntries(data.Zones.map((z) => [z.ZoneSetupID, z.Coverage as Coverage])),
      sites: Object.fromEntries(data.ZoneSites.map((s) => [s.SetupID, s.Coverage as Coverage])),
    },
  };
}

/** A zone click; an impacted zone is informational and does not move. */
export function clickZone(state: CoverageState, model: CoverageModel, zoneId: number): CoverageState {
  if (state.zones[zoneId] === Coverage.Impact) return state;
  return zoneClick(state, model.topology, zoneId);
}

/** A site click: the site state button's cycle (Update, No Change, Remove; a site that did not hold it toggles). */
export function clickSite(state: CoverageState, model: CoverageModel, siteId: number): CoverageState {
  const next = siteStateButtonNext(
    state.sites[siteId] ?? Coverage.NoChange,
    model.original.sites[siteId] ?? Coverage.NoChange,
  );
  return { ...state, sites: { ...state.sites, [siteId]: next } };
}

/** The batch request's Coverage list: update and outside sites by ID, removed ones negated. */
export function coverageList(state: CoverageState): number[] {
  return encodeCoverageSites(
    Object.entries(state.sites).map(([id, coverage]) => ({ siteId: Number(id), coverage })),
  );
}
