import { describe, expect, it } from 'vitest';
import { buildOuColumns } from '../grid/columns';
import { changeOf, deptColour, fieldValue, isEdited } from './fields';
import { editedRoot, sample as testSample } from './testRoots';
import {
  buildTreeRows,
  createRowCache,
  filterRowOf,
  filterTreeRows,
  groupIncluded,
  makeRootRow,
  toggleAllExpanded,
} from './treeRows';
import type { LocalItemState, OuFilter, OuRow } from './types';

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

describe('a root the list gives as Edited', () => {
  const e = editedRoot();
  it('marks the values kept on the server that differ from what the store sent', () => {
    const row = makeRootRow(e, undefined, 0, false);
    expect(row).toMatchObject({ Price: '2.05', Description: 'FIJI EDITED' });
    expect(['Price', 'Description', 'Cost', 'DeptSub'].map((f) => isEdited(row, f))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('restored, shows the Original values unmarked, and the Original comparison', () => {
    const row = makeRootRow(e, { action: 'noaction', edits: {}, restored: true }, 0, false);
    expect(row).toMatchObject({ Price: '1.89', Margin: '55.677', Description: 'Fiji Sparkling 20 oz' });
    expect(row.root).toMatchObject({ changeFlds: 8, isSameDescription: 0 });
    expect(row.root.Edited).toBeUndefined();
    expect(['Price', 'Description'].map((f) => isEdited(row, f))).toEqual([false, false]);
    expect(changeOf(row, 'Description')).toBe(0);
    expect(changeOf(row, 'Price')).toBe(1);
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

describe('column filters judge the roots', () => {
  const open = build('default', ['A1@1', 'B2@1']);
  const where = (field: string, test: (v: unknown) => boolean) =>
    filterTreeRows(open, (r) => test(fieldValue(r, field))).map((r) => r.key);

  it('keeps a matching root with its site rows', () => {
    // Only B2's root has this cost; its site row carries no cost of its own.
    expect(where('Cost', (v) => v === '0.700000')).toEqual(['B2@1', 'B2@1/8']);
    expect(where('Idcode', (v) => v === 'A1')).toEqual(['A1@1', 'A1@1/6', 'A1@1/7']);
  });

  it('shows no site row without its root', () => {
    // The sites' own store names match, the roots (the zone) do not: nothing shows.
    expect(where('SetupDescription', (v) => String(v).includes('Oakland'))).toEqual([]);
  });

  it('gives a site row its root to judge', () => {
    const byKey = new Map(open.map((r) => [r.key, r]));
    const siteRow = open.find((r) => r.key === 'B2@1/8') as OuRow;
    expect(filterRowOf(siteRow, (k) => byKey.get(k))?.key).toBe('B2@1');
    expect(filterRowOf(open[0], (k) => byKey.get(k))).toBe(open[0]);
  });

  it("the grid columns filter a site row by its root's value", () => {
    const cols = buildOuColumns({
      t: ((k: string) => k) as never,
      showMinMax: false,
      canEditCost: false,
      actionVisible: true,
      variancePercent: 0,
      taxName: String,
      crvName: String,
    });
    const byKey = new Map(open.map((r) => [r.key, r]));
    const api = { getRowNode: (k: string) => ({ data: byKey.get(k) }) };
    const siteRow = open.find((r) => r.key === 'B2@1/8') as OuRow;
    const filterValue = (colId: string) => {
      const col = cols.find((c) => (c.colId ?? c.field) === colId);
      const get = col?.filterValueGetter as (p: unknown) => unknown;
      return get({
        data: siteRow,
        api,
        node: null,
        colDef: col,
        column: null,
        context: null,
        getValue: () => null,
      });
    };
    expect(filterValue('Cost')).toBe('0.700000');
    expect(filterValue('Idcode')).toBe('B2');
    expect(filterValue('Action')).toBe('noaction');
  });
});
