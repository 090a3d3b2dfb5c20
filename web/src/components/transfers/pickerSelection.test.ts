import type { PickerZone } from '@cpb/domain';
import { describe, expect, it } from 'vitest';
import { keepKnown, siteNosText, toggleSite, toggleZone, zoneCheckState } from './pickerSelection';

const zone = (no: number, sites: number[]): PickerZone => ({
  ZoneSetupID: no,
  ZoneNo: no,
  ZoneName: `Zone ${no}`,
  CurZoneName: 'Zone 1',
  CurZoneNum: 1,
  ZoneSites: sites.map((n) => ({
    SetupID: n,
    SiteNo: n,
    SiteName: `Store ${n}`,
    LastDistribution: null,
    LastImport: null,
  })),
});

describe('picker selection', () => {
  const z1 = zone(1, [1, 2, 3]);
  const z2 = zone(2, [3, 4]);

  it('checking a zone selects all its sites; clearing it deselects them, leaving the others', () => {
    expect(toggleZone([4], z1, true)).toEqual([1, 2, 3, 4]);
    expect(toggleZone([1, 2, 3, 4], z1, false)).toEqual([4]);
  });

  it('a zone reads all, some or none of its sites (a shared site counts in both zones)', () => {
    expect(zoneCheckState(z1, [])).toBe('none');
    expect(zoneCheckState(z1, [2])).toBe('some');
    expect(zoneCheckState(z1, [1, 2, 3])).toBe('all');
    expect(zoneCheckState(z2, toggleZone([], z1, true))).toBe('some');
  });

  it('sites toggle one by one, without duplicates, in ascending order', () => {
    expect(toggleSite([3], 1, true)).toEqual([1, 3]);
    expect(toggleSite([1, 3], 1, true)).toEqual([1, 3]);
    expect(toggleSite([1, 3], 3, false)).toEqual([1]);
  });

  it('sitenos is a comma list; unknown sites drop after a refresh', () => {
    expect(siteNosText([12, 2, 7])).toBe('2,7,12');
    expect(keepKnown([1, 9, 4], [z1, z2])).toEqual([1, 4]);
  });
});
