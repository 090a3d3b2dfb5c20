import type { ItemHistoryRow } from '@cpb/domain';
import { describe, expect, it } from 'vitest';
import { groupHistory, historyDate, pageOfGroups } from './historyRows';

describe('historyDate', () => {
  it('shows the date and the time of a change, on the user clock', () => {
    // Built from local parts, so the expectation holds in any time zone the tests run in.
    expect(historyDate(new Date(2026, 6, 1, 14, 5).toISOString())).toBe('07/01/2026 02:05 PM');
    expect(historyDate(new Date(2026, 0, 9, 0, 30).toISOString())).toBe('01/09/2026 12:30 AM');
  });

  it('leaves text that is not a date as it is', () => {
    expect(historyDate('unknown')).toBe('unknown');
  });
});

const change = (SiteNo: number, InZone: boolean, date: string): ItemHistoryRow => ({
  SiteNo,
  SiteName: `Store ${SiteNo}`,
  ChangedBy: 'demo',
  Date: date,
  DeptSub: '1.01',
  UnitList: '1.99',
  UnitCost: '0.9000',
  Source: 'Set Price',
  InZone,
});

describe('groupHistory', () => {
  it("puts the zone's stores first, then other zones' stores, each by site number; changes keep their order", () => {
    const rows = groupHistory([
      change(2, false, '2026-11-03'),
      change(9, true, '2026-11-02'),
      change(5, true, '2026-11-01'),
      change(9, true, '2026-10-01'),
    ]);
    expect(rows.map((r) => (r.kind === 'group' ? `site ${r.SiteNo}` : r.Date))).toEqual([
      'site 5',
      '2026-11-01',
      'site 9',
      '2026-11-02',
      '2026-10-01',
      'site 2',
      '2026-11-03',
    ]);
  });
});

describe('pageOfGroups', () => {
  // Three sites: 1 with 3 changes, 2 with 1, 3 with 2.
  const rows = groupHistory([
    change(1, true, 'a'),
    change(1, true, 'b'),
    change(1, true, 'c'),
    change(2, true, 'd'),
    change(3, true, 'e'),
    change(3, true, 'f'),
  ]);
  const ids = (r: { rows: Array<{ id: string }> }) => r.rows.map((x) => x.id);

  it('keeps a site and all its changes on one page', () => {
    expect(pageOfGroups(rows, 1, 2).pages).toBe(2);
    expect(ids(pageOfGroups(rows, 1, 2))).toEqual([
      'site-1',
      'site-1-0',
      'site-1-1',
      'site-1-2',
      'site-2',
      'site-2-0',
    ]);
    expect(ids(pageOfGroups(rows, 2, 2))).toEqual(['site-3', 'site-3-0', 'site-3-1']);
  });

  it('clamps a page out of range and has one empty page for no rows', () => {
    expect(ids(pageOfGroups(rows, 9, 2))).toEqual(['site-3', 'site-3-0', 'site-3-1']);
    expect(pageOfGroups([], 1, 2)).toEqual({ rows: [], pages: 1 });
  });
});
