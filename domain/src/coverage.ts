/**
 * Site and zone coverage of an edit (spec part 1 §4 "Coverage per site or zone").
 */

export const Coverage = {
  NoChange: 0,
  Update: 1,
  Remove: 2,
  Outside: 3,
  Impact: 7,
} as const;
export type Coverage = (typeof Coverage)[keyof typeof Coverage];

/**
 * Clicking a site: update -> no change; outside -> no change; no change ->
 * remove; remove -> update. Impact is informational and does not change.
 */
export function nextSiteCoverage(current: Coverage): Coverage {
  switch (current) {
    case Coverage.Update:
    case Coverage.Outside:
      return Coverage.NoChange;
    case Coverage.NoChange:
      return Coverage.Remove;
    case Coverage.Remove:
      return Coverage.Update;
    default:
      return current;
  }
}

/**
 * The site state button of the coverage dialog cycles Update, No Change, Remove;
 * but from no change it goes to update when the site's original state was no
 * change (a site that does not carry the item cannot have it removed), so such
 * a site toggles between No Change and Update.
 */
export function siteStateButtonNext(current: Coverage, original: Coverage): Coverage {
  if (current === Coverage.NoChange) {
    return original === Coverage.NoChange ? Coverage.Update : Coverage.Remove;
  }
  return nextSiteCoverage(current);
}

/** Clicking a zone: update -> no change; no change or remove -> update. Others stay. */
export function nextZoneCoverage(current: Coverage): Coverage {
  if (current === Coverage.Update) return Coverage.NoChange;
  if (current === Coverage.NoChange || current === Coverage.Remove) return Coverage.Update;
  return current;
}

/** Which sites each zone holds, and which zones each site belongs to. */
export interface CoverageTopology {
  zones: readonly { zoneId: number; siteIds: readonly number[] }[];
  sites: readonly { siteId: number; zoneIds: readonly number[]; enabled?: boolean }[];
}

/** Coverage per zone and per site, keyed by id. */
export interface CoverageState {
  zones: Readonly<Record<number, Coverage>>;
  sites: Readonly<Record<number, Coverage>>;
}

/**
 * A zone click: the zone moves by `nextZoneCoverage`, and the new coverage is
 * applied to every enabled site of the zone and to the other zones those sites
 * belong to (the zones they impact). Disabled sites keep theirs. Returns a new
 * state; the input is not changed.
 */
export function zoneClick(state: CoverageState, topology: CoverageTopology, zoneId: number): CoverageState {
  const zone = topology.zones.find((z) => z.zoneId === zoneId);
  if (!zone) return state;
  const next = nextZoneCoverage(state.zones[zoneId] ?? Coverage.NoChange);
  const zones: Record<number, Coverage> = { ...state.zones, [zoneId]: next };
  const sites: Record<number, Coverage> = { ...state.sites };
  for (const siteId of zone.siteIds) {
    const site = topology.sites.find((s) => s.siteId === siteId);
    if (site?.enabled === false) continue;
    sites[siteId] = next;
    for (const other of site?.zoneIds ?? []) zones[other] = next;
  }
  return { zones, sites };
}

/**
 * The site list of a batch request: update and outside sites as their ID,
 * remove as the ID negated. No change and impact sites are left out. Site IDs
 * must be positive integers (a RangeError otherwise), or the sign would be lost.
 */
export function encodeCoverageSites(list: readonly { siteId: number; coverage: Coverage }[]): number[] {
  const out: number[] = [];
  for (const { siteId, coverage } of list) {
    if (!Number.isInteger(siteId) || siteId <= 0) throw new RangeError(`Bad site id ${siteId}`);
    if (coverage === Coverage.Update || coverage === Coverage.Outside) out.push(siteId);
    else if (coverage === Coverage.Remove) out.push(-siteId);
  }
  return out;
}

/** Reads a batch request's site list back: a negative entry removes that site. */
export function decodeCoverageSites(list: readonly number[]): { siteId: number; remove: boolean }[] {
  return list.map((n) => ({ siteId: Math.abs(n), remove: n < 0 }));
}
