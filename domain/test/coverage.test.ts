import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Coverage,
  type CoverageState,
  type CoverageTopology,
  decodeCoverageSites,
  encodeCoverageSites,
  nextSiteCoverage,
  nextZoneCoverage,
  siteStateButtonNext,
  zoneClick,
} from '../src/coverage';

const { NoChange, Update, Remove, Outside, Impact } = Coverage;

describe('coverage numbering (spec)', () => {
  it('is no change 0, update 1, remove 2, outside 3, impact 7', () => {
    expect([NoChange, Update, Remove, Outside, Impact]).toEqual([0, 1, 2, 3, 7]);
  });
});

describe('clicks', () => {
  it.each([
    [Update, NoChange],
    [Outside, NoChange],
    [NoChange, Remove],
    [Remove, Update],
    [Impact, Impact],
  ])('site click %i -> %i', (from, to) => {
    expect(nextSiteCoverage(from)).toBe(to);
  });

  it.each([
    [NoChange, NoChange, Update],
    [NoChange, Update, Remove],
    [NoChange, Remove, Remove],
    [NoChange, Outside, Remove],
    [Update, NoChange, NoChange],
    [Update, Update, NoChange],
    [Remove, Update, Update],
    [Outside, Outside, NoChange],
    [Impact, Update, Impact],
  ])('site state button from %i (original %i) -> %i', (current, original, to) => {
    expect(siteStateButtonNext(current, original)).toBe(to);
  });

  it.each([
    [Update, NoChange],
    [NoChange, Update],
    [Remove, Update],
    [Outside, Outside],
    [Impact, Impact],
  ])('zone click %i -> %i', (from, to) => {
    expect(nextZoneCoverage(from)).toBe(to);
  });
});

// Zone 1: sites 10, 11, 14 (14 disabled); zone 2: sites 11, 12; zone 3: site 13.
const topology: CoverageTopology = {
  zones: [
    { zoneId: 1, siteIds: [10, 11, 14] },
    { zoneId: 2, siteIds: [11, 12] },
    { zoneId: 3, siteIds: [13] },
  ],
  sites: [
    { siteId: 10, zoneIds: [1] },
    { siteId: 11, zoneIds: [1, 2] },
    { siteId: 12, zoneIds: [2] },
    { siteId: 13, zoneIds: [3] },
    { siteId: 14, zoneIds: [1], enabled: false },
  ],
};
const start: CoverageState = {
  zones: { 1: NoChange, 2: NoChange, 3: NoChange },
  sites: { 10: NoChange, 11: NoChange, 12: NoChange, 13: NoChange, 14: NoChange },
};

describe('zoneClick', () => {
  it('applies the new coverage to the enabled sites of the zone and the zones they impact', () => {
    expect(zoneClick(start, topology, 1)).toEqual({
      zones: { 1: Update, 2: Update, 3: NoChange },
      sites: { 10: Update, 11: Update, 12: NoChange, 13: NoChange, 14: NoChange },
    });
  });

  it('a second click takes them all back to no change', () => {
    const twice = zoneClick(zoneClick(start, topology, 1), topology, 1);
    expect(twice).toEqual(start);
  });

  it('turns a removed zone to update', () => {
    const removed = { ...start, zones: { ...start.zones, 3: Remove }, sites: { ...start.sites, 13: Remove } };
    const next = zoneClick(removed, topology, 3);
    expect(next.zones[3]).toBe(Update);
    expect(next.sites[13]).toBe(Update);
  });

  it('ignores an unknown zone and never changes its input', () => {
    const frozen = structuredClone(start);
    expect(zoneClick(start, topology, 99)).toBe(start);
    zoneClick(start, topology, 2);
    expect(start).toEqual(frozen);
  });
});

describe('batch request encoding', () => {
  it('sends update and outside as the site ID and remove as the ID negated', () => {
    const list = [
      { siteId: 10, coverage: Update },
      { siteId: 11, coverage: Remove },
      { siteId: 12, coverage: NoChange },
      { siteId: 13, coverage: Outside },
      { siteId: 14, coverage: Impact },
    ];
    expect(encodeCoverageSites(list)).toEqual([10, -11, 13]);
    expect(decodeCoverageSites([10, -11, 13])).toEqual([
      { siteId: 10, remove: false },
      { siteId: 11, remove: true },
      { siteId: 13, remove: false },
    ]);
  });

  it('sends an empty list for no sites and refuses a site ID that cannot carry a sign', () => {
    expect(encodeCoverageSites([])).toEqual([]);
    expect(() => encodeCoverageSites([{ siteId: 0, coverage: Remove }])).toThrow(RangeError);
  });
});

describe('coverage properties', () => {
  const any = fc.constantFrom(NoChange, Update, Remove, Outside, Impact);
  const cyclic = fc.constantFrom(NoChange, Update, Remove);

  it('three site clicks return update, no change and remove to where they started', () => {
    fc.assert(fc.property(cyclic, (c) => nextSiteCoverage(nextSiteCoverage(nextSiteCoverage(c))) === c));
  });

  it('the site state button, after one click, cycles back within its cycle length', () => {
    fc.assert(
      fc.property(any, any, (startAt, original) => {
        if (startAt === Impact) return siteStateButtonNext(startAt, original) === Impact;
        const first = siteStateButtonNext(startAt, original);
        const period = original === NoChange ? 2 : 3;
        let c: Coverage = first;
        for (let i = 0; i < period; i++) c = siteStateButtonNext(c, original);
        return c === first;
      }),
    );
  });

  it('two zone clicks return an update or no-change zone and its sites to where they started', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3), fc.constantFrom(NoChange, Update), (zoneId, c) => {
        const zone = topology.zones.find((z) => z.zoneId === zoneId);
        const sites = Object.fromEntries((zone?.siteIds ?? []).map((s) => [s, s === 14 ? NoChange : c]));
        const s0: CoverageState = { zones: { 1: c, 2: c, 3: c }, sites: { ...start.sites, ...sites } };
        const s2 = zoneClick(zoneClick(s0, topology, zoneId), topology, zoneId);
        return s2.zones[zoneId] === c && (zone?.siteIds ?? []).every((s) => s2.sites[s] === s0.sites[s]);
      }),
    );
  });

  it('encoding then decoding keeps every site that changes, and which are removed', () => {
    const entry = fc.record({ siteId: fc.integer({ min: 1, max: 999 }), coverage: any });
    fc.assert(
      fc.property(fc.array(entry), (list) => {
        const kept = list.filter((e) => e.coverage !== NoChange && e.coverage !== Impact);
        const back = decodeCoverageSites(encodeCoverageSites(list));
        return (
          back.length === kept.length &&
          back.every((b, i) => b.siteId === kept[i].siteId && b.remove === (kept[i].coverage === Remove))
        );
      }),
    );
  });
});
