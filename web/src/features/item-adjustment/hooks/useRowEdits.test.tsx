import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetchStub';
import { gridRow } from '../../../test/fixtures';
import { Providers } from '../../../test/render';
import type { AdjustItem } from '../types';
import { useRowEdits } from './useRowEdits';

const SUBMIT = '/adjust/demo/submitChange';

function item(over: Partial<AdjustItem> = {}): AdjustItem {
  const { isModified: _m, hasError: _e, isDirty: _d, saveState: _s, saveMessage: _sm, ...i } = gridRow(over);
  return i;
}

/** The server: applies the change to the item and gives it a new UpdateKey (or refuses it). */
function server(start: AdjustItem, refuse?: string) {
  let current = start;
  let version = Number(start.UpdateKey);
  return (call: StubCall) => {
    const { Item } = call.body as { Item: Record<string, unknown> };
    if (refuse) return { ErrorMessage: refuse };
    if (Item.UpdateKey !== String(version)) return { ErrorMessage: 'The item was changed by someone else.' };
    version += 1;
    const { ID: _id, PackSize: _p, UpdateKey: _u, ...fields } = Item;
    current = { ...current, ...(fields as Partial<AdjustItem>), UpdateKey: String(version) };
    return { GetSSCSItemsResult: { Items: [current] } };
  };
}

function renderEdits(items: AdjustItem[]) {
  return renderHook(() => useRowEdits({ user: 'demo', zoneId: 1, items, departments: [] }), {
    wrapper: ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>,
  });
}

describe('useRowEdits: row state and Undo', () => {
  it('a row is editing, then saved; Undo writes the previous values back with the saved UpdateKey', async () => {
    const start = item({ Description: 'COKE 12OZ CAN', UnitList: '2.00', UpdateKey: '7' });
    const net = stubFetch({ [SUBMIT]: server(start) });
    const { result } = renderEdits([start]);
    const key = start.idplu;

    act(() => {
      result.current.edit(key, 'Description', 'COKE ZERO 12OZ');
      result.current.edit(key, 'Margin', '60');
    });
    expect(result.current.rows[0]).toMatchObject({ saveState: 'editing', Description: 'COKE ZERO 12OZ' });
    expect(result.current.lastChange).toBeNull();

    await act(() => result.current.saveRow(key));
    expect(result.current.rows[0]).toMatchObject({ saveState: 'saved', saveMessage: null });
    expect(net.callsTo(SUBMIT)[0].body).toMatchObject({
      Item: { UpdateKey: '7', Description: 'COKE ZERO 12OZ', Margin: '60' },
    });

    await act(async () => {
      expect(await result.current.undo()).toBe(true);
    });
    // The list the margin replaced comes back, with the UpdateKey the change left (8).
    expect(net.callsTo(SUBMIT)[1].body).toEqual({
      ZoneSetupID: 1,
      Item: { ID: start.ID, PackSize: 1, UpdateKey: '8', Description: 'COKE 12OZ CAN', UnitList: '2.00' },
    });
    expect(result.current.rows[0].saveState).toBe('saved');
    expect(result.current.lastChange).toBeNull();
  });

  it('a refused save shows failed with the message, and leaves nothing to undo', async () => {
    const start = item();
    stubFetch({ [SUBMIT]: server(start, 'Description: Required.') });
    const { result } = renderEdits([start]);
    act(() => {
      result.current.edit(start.idplu, 'Active', false);
    });
    await act(() => result.current.saveRow(start.idplu));
    expect(result.current.rows[0]).toMatchObject({ saveState: 'failed', hasError: true });
    expect(result.current.rows[0].saveMessage).toMatch(/Required\./);
    expect(result.current.lastChange).toBeNull();
  });

  it('Undo after someone else changed the item is refused by its UpdateKey and shown as failed', async () => {
    const start = item({ UpdateKey: '3' });
    const answer = server(start);
    stubFetch({ [SUBMIT]: answer });
    const { result } = renderEdits([start]);
    act(() => {
      result.current.edit(start.idplu, 'Description', 'NEW TEXT');
    });
    await act(() => result.current.saveRow(start.idplu));
    // Someone else saves the item (UpdateKey 4 -> 5).
    answer({ method: 'POST', path: SUBMIT, body: { Item: { UpdateKey: '4', Active: false } } });
    await act(async () => {
      expect(await result.current.undo()).toBe(false);
    });
    expect(result.current.rows[0].saveState).toBe('failed');
  });
});
