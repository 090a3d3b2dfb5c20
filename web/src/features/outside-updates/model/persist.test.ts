import { describe, expect, it } from 'vitest';
import { INITIAL_PAGE, type OuPage, ouPageReducer } from './pageState';
import { costToSend, planSave, saveCalls } from './persist';
import { editedRoot, root } from './testRoots';
import { rootKey } from './treeRows';
import type { LocalItemState, OuEditValues } from './types';

// A1: price change (bit 8), price 1.79, cost 0.837700; B2 accepted on the server already. Every
// root was loaded with UpdateKey 12406, which a kept edit carries (a root changed since is 409).
const a = root({ OUID: 1, Idcode: 'A1', changeFlds: 8 });
const b = root({ OUID: 2, Idcode: 'B2', changeFlds: 64, Action: 'accept' });
const roots = new Map([a, b].map((r) => [rootKey(r), r]));
// E5: the store sent 1.89 (bit 8); a user kept 2.05 and a new description on the server.
const edited = editedRoot();
const calls = (
  states: Array<[string, LocalItemState]>,
  keys: string[],
  saved: Array<[string, OuEditValues]> = [],
) => saveCalls(2, roots, new Map(states), keys, new Map(saved));

describe('keeping choices on the server', () => {
  it('an action alone is kept with itemaction, per item', () => {
    const c = calls([['A1@1', { action: 'reject', edits: {} }]], ['A1@1', 'B2@1']);
    expect(c.itemAction).toEqual({
      ZoneSetupID: 2,
      items: [
        { ID: 'A1', PackSize: 1, Action: 'reject' },
        // No local state: the loaded action is what is kept.
        { ID: 'B2', PackSize: 1, Action: 'accept' },
      ],
    });
    expect(c.masters).toEqual([]);
  });

  it('an edit is kept with updateMasterItemList: its values, its action and the bits they give', () => {
    const c = calls(
      [['A1@1', { action: 'accept', edits: { Description: 'FIJI 20', Cost: '0.900000' } }]],
      ['A1@1'],
    );
    expect(c.itemAction).toBeNull();
    expect(c.masters).toEqual([
      {
        ZoneSetupID: 2,
        Action: 'accept',
        // 8 (price, loaded) | 1 (description) | 64 (cost); the cost at the stored 4 decimals.
        Items: [
          {
            ID: 'A1',
            PackSize: 1,
            UpdateKey: '12406',
            Description: 'FIJI 20',
            Cost: '0.9000',
            ChangeFlds: 73,
          },
        ],
      },
    ]);
  });

  it('a margin is sent as the margin (the server sets the price from it); item groups as chosen', () => {
    const c = calls(
      [['B2@1', { action: 'accept', edits: { Margin: '40.000', Price: '1.40', ItemGroups: ['SODA'] } }]],
      ['B2@1'],
    );
    expect(c.masters[0].Items).toEqual([
      {
        ID: 'B2',
        PackSize: 1,
        UpdateKey: '12406',
        Margin: '40.000',
        ItemGroups: ['SODA'],
        ChangeFlds: 64 | 8 | 128,
      },
    ]);
  });

  it('values saved earlier and no longer edited are restored on the server (Restore)', () => {
    // No Action's Yes: the edits are gone, the action is No Action; the server puts back the
    // incoming values it kept before the first edit (the loaded ones here).
    const c = calls(
      [['A1@1', { action: 'noaction', edits: {} }]],
      ['A1@1'],
      [['A1@1', { Price: '2.00', Description: 'FIJI 20' }]],
    );
    expect(c.itemAction).toBeNull();
    expect(c.masters).toEqual([
      {
        ZoneSetupID: 2,
        Action: 'noaction',
        Items: [{ ID: 'A1', PackSize: 1, UpdateKey: '12406', Restore: true }],
      },
    ]);
  });

  it('an edit after a restore sends the new value and restores the rest', () => {
    const c = calls(
      [['A1@1', { action: 'accept', edits: { DeptSub: '2.04' } }]],
      ['A1@1'],
      [['A1@1', { Price: '2.00' }]],
    );
    expect(c.masters[0].Items).toEqual([
      { ID: 'A1', PackSize: 1, UpdateKey: '12406', Price: '1.79', DeptSub: '2.04', ChangeFlds: 12 },
    ]);
  });

  it('Undo Changes: every item back to the loaded state', () => {
    const c = calls([], ['A1@1', 'B2@1'], [['B2@1', { ItemGroups: ['SODA'] }]]);
    expect(c.itemAction?.items).toEqual([{ ID: 'A1', PackSize: 1, Action: 'noaction' }]);
    expect(c.masters).toEqual([
      {
        ZoneSetupID: 2,
        Action: 'accept',
        Items: [{ ID: 'B2', PackSize: 1, UpdateKey: '12406', Restore: true }],
      },
    ]);
  });

  it('a root the list gives as Edited keeps its action alone until something changes', () => {
    const c = saveCalls(2, new Map([['E5@1', edited]]), new Map(), ['E5@1'], new Map());
    expect(c.itemAction?.items).toEqual([{ ID: 'E5', PackSize: 1, Action: 'accept' }]);
    expect(c.masters).toEqual([]);
  });

  it("No Action's Yes on a root given as Edited asks the server to restore its Original", () => {
    const c = saveCalls(
      2,
      new Map([['E5@1', edited]]),
      new Map([['E5@1', { action: 'noaction', edits: {}, restored: true }]]),
      ['E5@1'],
      new Map(),
    );
    expect(c.masters).toEqual([
      {
        ZoneSetupID: 2,
        Action: 'noaction',
        Items: [{ ID: 'E5', PackSize: 1, UpdateKey: '12406', Restore: true }],
      },
    ]);
  });

  it('an edit after restoring the Original is sent with Restore and the Original bits', () => {
    const c = saveCalls(
      2,
      new Map([['E5@1', edited]]),
      new Map([['E5@1', { action: 'accept', edits: { Cost: '0.900000' }, restored: true }]]),
      ['E5@1'],
      new Map([['E5@1', {}]]),
    );
    // Original bits: price (8); the cost edit adds 64.
    expect(c.masters[0].Items).toEqual([
      { ID: 'E5', PackSize: 1, UpdateKey: '12406', Restore: true, Cost: '0.9000', ChangeFlds: 72 },
    ]);
  });

  it('Undo Changes after a restore sends the loaded (edited) values and bits back', () => {
    const c = saveCalls(2, new Map([['E5@1', edited]]), new Map(), ['E5@1'], new Map([['E5@1', {}]]));
    expect(c.masters).toEqual([
      {
        ZoneSetupID: 2,
        Action: 'accept',
        Items: [
          {
            ID: 'E5',
            PackSize: 1,
            UpdateKey: '12406',
            Price: '2.05',
            Description: 'FIJI EDITED',
            ChangeFlds: 9,
          },
        ],
      },
    ]);
  });

  it('a cost of 6 decimals is sent with 4 when the last two are zeros', () => {
    expect(costToSend('0.837700')).toBe('0.8377');
    expect(costToSend('1.000000')).toBe('1.0000');
    expect(costToSend('0.9')).toBe('0.9');
  });
});

describe('the saves (planSave, and the page on saving and saved)', () => {
  /** A page with A1 and B2 loaded; `change` makes a choice and sends its save, which `ok()` says succeeds. */
  const setup = (ok: () => boolean) => {
    let page: OuPage = ouPageReducer(INITIAL_PAGE, { type: 'loaded', zone: 2, roots: [a, b] });
    const sent: unknown[] = [];
    const failed: boolean[] = [];
    const save = (listed: typeof roots, next: OuPage['states'], keys: string[]) => {
      const plan = planSave(page.book, 2, listed, next, keys);
      if (!plan) return;
      page = ouPageReducer(page, { type: 'saving', roots: listed, want: plan.want });
      sent.push(plan.calls);
      if (ok()) page = ouPageReducer(page, { type: 'saved', want: plan.want, next });
      else failed.push(true);
    };
    const change = (key: string, st: LocalItemState) => {
      const next = new Map(page.states).set(key, st);
      page = ouPageReducer(page, { type: 'changed', states: next });
      save(roots, next, [key]);
    };
    return { sent, failed, change, save, page: () => page };
  };

  it('a failed save is kept unsaved; the next save sends it again, and then it is kept', () => {
    let down = true;
    const q = setup(() => !down);
    q.change('A1@1', { action: 'reject', edits: {} });
    expect(q.failed).toHaveLength(1);
    expect([...q.page().book.unsaved]).toEqual(['A1@1']);
    down = false;
    q.change('B2@1', { action: 'synch_site', edits: {} });
    // The second save carries both: A1's reject is not lost.
    expect(q.sent.at(-1)).toMatchObject({
      itemAction: {
        items: [
          { ID: 'B2', Action: 'synch_site' },
          { ID: 'A1', Action: 'reject' },
        ],
      },
    });
    expect([...q.page().book.unsaved]).toEqual([]);
  });

  it('a save of a state the page no longer shows leaves the item unsaved', () => {
    const q = setup(() => true);
    const first = new Map([['A1@1', { action: 'reject', edits: {} } as LocalItemState]]);
    const plan = planSave(q.page().book, 2, roots, first, ['A1@1']);
    if (!plan) throw new Error('no save');
    // The user changed A1 again before the first save answered.
    q.change('A1@1', { action: 'accept', edits: {} });
    const page = ouPageReducer(q.page(), { type: 'saving', roots, want: plan.want });
    const after = ouPageReducer(page, { type: 'saved', want: plan.want, next: first });
    expect(after.book.unsaved.has('A1@1')).toBe(true);
  });

  it('keeps what the server holds beyond the list, for a restore; a new list starts afresh', () => {
    const q = setup(() => true);
    q.change('A1@1', { action: 'accept', edits: { Price: '2.00' } });
    expect([...q.page().book.saved.keys()]).toEqual(['A1@1']);
    q.change('A1@1', { action: 'noaction', edits: {} });
    expect(q.sent.at(-1)).toMatchObject({
      masters: [{ Action: 'noaction', Items: [{ ID: 'A1', Restore: true }] }],
    });
    expect([...q.page().book.saved.keys()]).toEqual([]);
    q.change('A1@1', { action: 'accept', edits: { Price: '2.10' } });
    expect([...q.page().book.saved.keys()]).toEqual(['A1@1']);
    const reloaded = ouPageReducer(q.page(), { type: 'loaded', zone: 2, roots: [a, b] });
    expect([...reloaded.book.saved.keys()]).toEqual([]);
  });

  it('an item no longer listed is not sent again', () => {
    const q = setup(() => false);
    q.change('A1@1', { action: 'reject', edits: {} });
    q.save(new Map([['B2@1', b]]), new Map(), ['B2@1']);
    expect(q.sent.at(-1)).toMatchObject({ itemAction: { items: [{ ID: 'B2', Action: 'accept' }] } });
    expect(q.page().book.unsaved).toEqual(new Set(['B2@1']));
  });
});
