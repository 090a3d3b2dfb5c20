import { describe, expect, it } from 'vitest';
import { INITIAL_PAGE, NO_STATES, type OuPage, type OuPageEvent, ouPageReducer } from './pageState';
import { root } from './testRoots';
import { makeRootRow } from './treeRows';
import type { LocalItemState } from './types';

const a = root({ OUID: 1, Idcode: 'A1' });
const b = root({ OUID: 2, Idcode: 'B2' });
const accepted = root({ OUID: 3, Idcode: 'C3', Action: 'accept' });
const roots = new Map([a, b].map((r) => [`${r.Idcode}@${r.PackSize}`, r]));
const run = (events: OuPageEvent[], from: OuPage = INITIAL_PAGE) => events.reduce(ouPageReducer, from);
const reject: LocalItemState = { action: 'reject', edits: {} };

describe('the Outside Updates page state', () => {
  it('a new list of the same zone keeps the choices the server has not kept yet, and nothing else', () => {
    const states = new Map([
      ['A1@1', reject],
      ['B2@1', { action: 'accept', edits: {} } as LocalItemState],
    ]);
    const page = run([
      { type: 'loaded', zone: 2, roots: [a, b] },
      { type: 'changed', states },
      // Only A1's save is on its way.
      { type: 'saving', roots, want: ['A1@1'] },
      { type: 'toggle', key: 'A1@1' },
      { type: 'selected', keys: ['A1@1', 'B2@1'] },
      { type: 'loaded', zone: 2, roots: [a, b] },
    ]);
    expect([...page.states]).toEqual([['A1@1', reject]]);
    expect(page.expanded.size).toBe(0);
    expect(page.selected.size).toBe(0);
    expect(page.book.unsaved).toEqual(new Set(['A1@1']));
  });

  it("another zone's list starts clean", () => {
    const page = run([
      { type: 'loaded', zone: 2, roots: [a, b] },
      { type: 'changed', states: new Map([['A1@1', reject]]) },
      { type: 'saving', roots, want: ['A1@1'] },
      { type: 'loaded', zone: 3, roots: [a, b] },
    ]);
    expect(page.states).toBe(NO_STATES);
    expect(page.zone).toBe(3);
  });

  it('shows the Action column once any item has an action, and keeps it on Undo', () => {
    const loaded = run([{ type: 'loaded', zone: 2, roots: [a, b] }]);
    expect(loaded.actionShown).toBe(false);
    const chosen = run([{ type: 'changed', states: new Map([['A1@1', reject]]) }], loaded);
    expect(chosen.actionShown).toBe(true);
    expect(run([{ type: 'changed', states: NO_STATES }], chosen).actionShown).toBe(true);
    // A list holding an item the server keeps with an action shows it from the start.
    expect(run([{ type: 'loaded', zone: 2, roots: [a, accepted] }]).actionShown).toBe(true);
    expect(
      run([{ type: 'changed', states: new Map([['A1@1', { action: 'noaction', edits: {} }]]) }], loaded),
    ).toMatchObject({ actionShown: false });
  });

  it('expands and collapses one root, and all of them', () => {
    const one = run([{ type: 'toggle', key: 'A1@1' }]);
    expect([...one.expanded]).toEqual(['A1@1']);
    expect(run([{ type: 'toggle', key: 'A1@1' }], one).expanded.size).toBe(0);
    const all = run([{ type: 'expandAll', roots: [a, b] }], one);
    expect(all.expanded).toEqual(new Set(['A1@1', 'B2@1']));
    expect(run([{ type: 'expandAll', roots: [a, b] }], all).expanded.size).toBe(0);
  });

  it('opens one dialog at a time; closing another kind leaves it open', () => {
    const row = makeRootRow(a, undefined, 0, false);
    const open = run([
      { type: 'open', dialog: { kind: 'undo' } },
      { type: 'open', dialog: { kind: 'dept', row } },
    ]);
    expect(open.dialog).toEqual({ kind: 'dept', row });
    expect(run([{ type: 'close', kind: 'price' }], open).dialog).toEqual({ kind: 'dept', row });
    expect(run([{ type: 'close', kind: 'dept' }], open).dialog).toBeNull();
  });

  it('keeps the filter, the floating filters and the message box', () => {
    const message = {
      kind: 'warning' as const,
      title: 'Apply Changes',
      message: 'You have not modified any item',
    };
    const page = run([
      { type: 'filter', filter: 'cost' },
      { type: 'floatingFilters' },
      { type: 'message', message },
    ]);
    expect(page).toMatchObject({ filter: 'cost', floatingFilters: true, message });
    const after = run([{ type: 'floatingFilters' }, { type: 'message', message: null }], page);
    expect(after).toMatchObject({ filter: 'cost', floatingFilters: false, message: null });
  });
});
