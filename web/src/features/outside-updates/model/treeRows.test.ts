import { describe, expect, it } from 'vitest';
import { deptColour } from './fields';
import { sample as testSample } from './testRoots';
import { buildTreeRows, createRowCache, groupIncluded, toggleAllExpanded } from './treeRows';
import type { LocalItemState, OuFilter } from './types';

const { roots, included } = testSample();
const sites = groupIncluded(included);
const build = (
  filter: OuFilter = 'default',
  expanded: string[] = [],
  states = new Map<string, LocalItemState>(),
) => buildTreeRows({ roots, sites, states, expanded: new Set(expanded), filter });

describe('the tree rows', () => {
  it('shows one row per root, collapsed', () => {
    expect(build().map((r) => r.key)).toEqual(['A1@1', 'B2@1', 'C3@1']);
  });

  it('puts the site rows under their expanded root, in order', () => {
    const rows = build('default', ['A1@1']);
    expect(rows.map((r) => r.key)).toEqual(['A1@1', 'A1@1/6', 'A1@1/7', 'B2@1', 'C3@1']);
    expect(rows[1]).toMatchObject({ kind: 'site', parentKey: 'A1@1' });
  });

  it('filters: hide and show new items, cost changes, price changes', () => {
    expect(build('hide').map((r) => r.key)).toEqual(['A1@1', 'B2@1']);
    expect(build('show').map((r) => r.key)).toEqual(['C3@1']);
    expect(build('cost').map((r) => r.key)).toEqual(['B2@1']);
    expect(build('list').map((r) => r.key)).toEqual(['A1@1', 'C3@1']);
  });

  it('keeps a filtered root hidden with its sites even when expanded', () => {
    expect(build('cost', ['A1@1', 'B2@1']).map((r) => r.key)).toEqual(['B2@1', 'B2@1/8']);
  });

  it('shows edited values and the margin they give', () => {
    const states = new Map([['A1@1', { action: 'accept' as const, edits: { Price: '2.00' } }]]);
    const row = build('default', [], states)[0];
    expect(row).toMatchObject({ kind: 'root', action: 'accept', Price: '2.00', Margin: '58.115' });
  });

  it('reuses unchanged row objects between builds', () => {
    const cache = createRowCache();
    const states = new Map<string, LocalItemState>();
    const a = buildTreeRows({ roots, sites, states, expanded: new Set(), filter: 'default', cache });
    const next = new Map([['B2@1', { action: 'reject' as const, edits: {} }]]);
    const b = buildTreeRows({ roots, sites, states: next, expanded: new Set(), filter: 'default', cache });
    expect(b[0]).toBe(a[0]);
    expect(b[1]).not.toBe(a[1]);
  });

  it('expands every root, then collapses them all', () => {
    const all = toggleAllExpanded(roots, new Set(['A1@1']));
    expect([...all]).toEqual(['A1@1', 'B2@1', 'C3@1']);
    expect(toggleAllExpanded(roots, all).size).toBe(0);
  });

  it('builds 10,000 roots with 50,000 sites quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ ...roots[0], OUID: i, Idcode: `X${i}` }));
    const inc = many.flatMap((r) =>
      Array.from({ length: 5 }, (_, s) => ({ ...included[0], OUID: r.OUID, SetupId: s })),
    );
    const grouped = groupIncluded(inc);
    const started = performance.now();
    const rows = buildTreeRows({
      roots: many,
      sites: grouped,
      states: new Map(),
      expanded: toggleAllExpanded(many, new Set()),
      filter: 'default',
    });
    expect(rows).toHaveLength(60_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the department colour', () => {
  it('is red when the existing dept/sub is greater, blue when smaller', () => {
    expect(deptColour('4.02', '4.00')).toBe('red');
    expect(deptColour('3.03', '5.01')).toBe('blue');
    expect(deptColour('2.03', '2.03')).toBeNull();
    expect(deptColour(null, '2.00')).toBeNull();
  });
});
