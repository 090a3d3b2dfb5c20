/** The picker's selection rules as plain functions: a zone checks or clears all its sites. */
import type { PickerZone } from '@cpb/domain';

/** 'all' when every site of the zone is selected, 'some' when part of them, else 'none'. */
export function zoneCheckState(zone: PickerZone, selected: readonly number[]): 'all' | 'some' | 'none' {
  const nos = zone.ZoneSites.map((s) => s.SiteNo);
  const picked = nos.filter((n) => selected.includes(n)).length;
  if (picked === 0) return 'none';
  return picked === nos.length ? 'all' : 'some';
}

/** The selection after checking (adds every site of the zone) or clearing (removes them) a zone. */
export function toggleZone(selected: readonly number[], zone: PickerZone, checked: boolean): number[] {
  const nos = zone.ZoneSites.map((s) => s.SiteNo);
  const rest = selected.filter((n) => !nos.includes(n));
  return sortNos(checked ? [...rest, ...nos] : rest);
}

/** The selection after checking or clearing one site. */
export function toggleSite(selected: readonly number[], siteNo: number, checked: boolean): number[] {
  const rest = selected.filter((n) => n !== siteNo);
  return sortNos(checked ? [...rest, siteNo] : rest);
}

/** The `sitenos` of a start call: '1,2,3'. */
export function siteNosText(selected: readonly number[]): string {
  return sortNos(selected).join(',');
}

/** Keeps only site numbers that still exist in the zones (after Refresh Zones). */
export function keepKnown(selected: readonly number[], zones: readonly PickerZone[]): number[] {
  const known = new Set(zones.flatMap((z) => z.ZoneSites.map((s) => s.SiteNo)));
  return selected.filter((n) => known.has(n));
}

function sortNos(nos: readonly number[]): number[] {
  return [...new Set(nos)].sort((a, b) => a - b);
}
