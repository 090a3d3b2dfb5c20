import { describe, expect, it } from 'vitest';
import {
  applyBulkAction,
  applyDecisions,
  applyRequest,
  hasEdits,
  pendingKeys,
  withAction,
  withEdit,
} from './actions';
import { editedRoot, sample } from './testRoots';
import type { LocalItemState } from './types';

const { roots } = sample();
const none = new Map<string, LocalItemState>();

describe('Accept, Reject and Sync Site', () => {
  it('apply to the selected roots only', () => {
    const r = applyBulkAction(roots, none, new Set(['A1@1']), 'accept');
    expect(r.changed).toBe(1);
    expect(r.states.get('A1@1')?.action).toBe('accept');
    expect(r.states.has('B2@1')).toBe(false);
  });

  it('Sync Site leaves new items and rows already synched alone', () => {
    const synched = new Map([['B2@1', { action: 'synch_site' as const, edits: {} }]]);
    const r = applyBulkAction(roots, synched, new Set(['A1@1', 'B2@1', 'C3@1']), 'synch_site');
    expect(r).toMatchObject({ changed: 1, skipped: 1 });
    expect(r.states.get('A1@1')?.action).toBe('synch_site');
    expect(r.states.has('C3@1')).toBe(false);
  });

  it('keep the edits of an item', () => {
    const edited = withEdit(none, roots[0], { Price: '2.00' });
    const r = applyBulkAction(roots, edited, new Set(['A1@1']), 'reject');
    expect(r.states.get('A1@1')).toEqual({ action: 'reject', edits: { Price: '2.00' } });
  });
});

describe("the rules' dry run set on the list", () => {
  it('sets each decided action, keeps edits, and no Sync on a new item', () => {
    const edited = withEdit(none, roots[0], { Price: '2.00' });
    const r = applyDecisions(roots, edited, [
      { ID: 'A1', PackSize: 1, Action: 'reject' },
      { ID: 'B2', PackSize: 1, Action: 'accept' },
      { ID: 'C3', PackSize: 1, Action: 'synch_site' },
    ]);
    expect(r).toMatchObject({ changed: 2, skipped: 1, keys: ['A1@1', 'B2@1', 'C3@1'] });
    expect(r.states.get('A1@1')).toEqual({ action: 'reject', edits: { Price: '2.00' } });
    expect(r.states.get('B2@1')?.action).toBe('accept');
    expect(r.states.has('C3@1')).toBe(false);
  });
});

describe('edits and No Action', () => {
  it('an edit sets Accept', () => {
    expect(withEdit(none, roots[1], { Description: 'New' }).get('B2@1')).toEqual({
      action: 'accept',
      edits: { Description: 'New' },
    });
  });

  it('No Action with restore drops the edits; without, keeps them', () => {
    const edited = withEdit(none, roots[0], { Price: '2.00' });
    expect(withAction(edited, roots[0], 'noaction', true).get('A1@1')).toEqual({
      action: 'noaction',
      edits: {},
    });
    expect(withAction(edited, roots[0], 'noaction', false).get('A1@1')?.edits).toEqual({ Price: '2.00' });
  });

  it('a root the list gives as Edited has edits until restored; Yes restores its Original', () => {
    const e = editedRoot();
    expect(hasEdits(none, e)).toBe(true);
    expect(hasEdits(none, roots[0])).toBe(false);
    const yes = withAction(none, e, 'noaction', true);
    expect(yes.get('E5@1')).toEqual({ action: 'noaction', edits: {}, restored: true });
    expect(hasEdits(yes, e)).toBe(false);
    // Restored values are a change from the loaded list: Undo Changes takes them back.
    expect(pendingKeys([e], yes)).toEqual(['E5@1']);
    // An edit after the restore keeps the Original under it; so does another restore.
    const again = withEdit(yes, e, { Cost: '0.900000' });
    expect(again.get('E5@1')).toEqual({ action: 'accept', edits: { Cost: '0.900000' }, restored: true });
    expect(hasEdits(again, e)).toBe(true);
    expect(withAction(again, e, 'noaction', true).get('E5@1')).toEqual(yes.get('E5@1'));
  });

  it('pending: what differs from the loaded list', () => {
    expect(pendingKeys(roots, none)).toEqual([]);
    const back = new Map([['A1@1', { action: 'noaction' as const, edits: {} }]]);
    expect(pendingKeys(roots, back)).toEqual([]);
    expect(pendingKeys(roots, withEdit(none, roots[2], { Description: 'x' }))).toEqual(['C3@1']);
  });
});

describe('the Apply Changes request', () => {
  it('is null with nothing but No Action', () => {
    expect(applyRequest(2, roots, none)).toBeNull();
  });

  it('lists each action once with its UpdateKey, and the edits of accepted items', () => {
    let states = withEdit(none, roots[0], { Margin: '50.000', Price: '1.68' });
    states = withAction(states, roots[1], 'reject', false);
    states = withEdit(states, roots[2], { Description: 'Local' });
    states = withAction(states, roots[2], 'reject', false);
    expect(applyRequest(2, roots, states)).toEqual({
      updatedMasterItem: [{ ID: 'A1', PackSize: 1, Margin: '50.000', UpdateKey: '12406' }],
      actionItem: {
        ZoneSetupID: 2,
        items: [
          { ID: 'A1', PackSize: 1, Action: 'accept', UpdateKey: '12406' },
          { ID: 'B2', PackSize: 1, Action: 'reject', UpdateKey: '12406' },
          { ID: 'C3', PackSize: 1, Action: 'reject' },
        ],
      },
    });
  });

  it('sends an action kept on the server too', () => {
    const kept = [{ ...roots[0], Action: 'accept' as const }];
    expect(applyRequest(2, kept, none)?.actionItem.items).toEqual([
      { ID: 'A1', PackSize: 1, Action: 'accept', UpdateKey: '12406' },
    ]);
  });
});
