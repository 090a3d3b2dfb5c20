import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetchStub';
import { gridRow } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { type RowEdits, useRowEdits } from '../hooks/useRowEdits';
import type { AdjustItem } from '../types';
import { useUndoQuestion } from './useUndoQuestion';

const SUBMIT = '/adjust/demo/submitChange';

function item(over: Partial<AdjustItem> = {}): AdjustItem {
  const { isModified: _m, hasError: _e, isDirty: _d, saveState: _s, saveMessage: _sm, ...i } = gridRow(over);
  return i;
}

/** The server: applies a change and gives the item a new UpdateKey. */
function server(start: AdjustItem) {
  let version = Number(start.UpdateKey);
  let current = start;
  return (call: StubCall) => {
    const { Item } = call.body as { Item: Record<string, unknown> };
    version += 1;
    const { ID: _id, PackSize: _p, UpdateKey: _u, ...fields } = Item;
    current = { ...current, ...(fields as Partial<AdjustItem>), UpdateKey: String(version) };
    return { GetSSCSItemsResult: { Items: [current] } };
  };
}

const seen: { edits: RowEdits | null } = { edits: null };

/** The page's part that matters: the grid's edits, the Undo button and its question. */
function Harness({ items }: { items: AdjustItem[] }) {
  const edits = useRowEdits({ user: 'demo', zoneId: 1, items, departments: [] });
  seen.edits = edits;
  const undo = useUndoQuestion(edits, { taxGroups: [], redemptions: [] });
  return (
    <>
      <button type="button" disabled={!undo.offered} onClick={undo.ask}>
        Undo
      </button>
      {undo.dialog}
    </>
  );
}

async function savedChange(start: AdjustItem) {
  const net = stubFetch({ [SUBMIT]: server(start) });
  const view = renderWithProviders(<Harness items={[start]} />);
  act(() => {
    seen.edits?.edit(start.idplu, 'UnitList', '2.49');
  });
  await act(async () => {
    await seen.edits?.saveRow(start.idplu);
  });
  return { ...view, net };
}

describe('Undo of a grid save asks first', () => {
  it('Ctrl+Z asks, naming the item and the value it puts back; No writes nothing, Yes writes it', async () => {
    const start = item({ idplu: '04900000044', UnitList: '2.00', UpdateKey: '7' });
    const { user, net } = await savedChange(start);
    expect(net.callsTo(SUBMIT)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();

    await user.keyboard('{Control>}z{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Undo the last grid change?' });
    expect(dialog).toHaveTextContent('Undo the last change of 04900000044? It puts back Unit List $2.00.');
    await user.click(screen.getByRole('button', { name: 'No' }));
    await act(async () => {});
    expect(net.callsTo(SUBMIT)).toHaveLength(1);

    await user.keyboard('{Control>}z{/Control}');
    await screen.findByRole('dialog', { name: 'Undo the last grid change?' });
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(net.callsTo(SUBMIT)).toHaveLength(2));
    expect(net.callsTo(SUBMIT)[1].body).toEqual({
      ZoneSetupID: 1,
      Item: { ID: start.ID, PackSize: 1, UpdateKey: '8', UnitList: '2.00' },
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('a change of an item whose row is no longer in the grid (an earlier search) is not offered', async () => {
    const start = item({ idplu: '04900000044', UnitList: '2.00', UpdateKey: '7' });
    const other = item({ ID: '02840000001', idplu: '02840000001', UpdateKey: '3' });
    const { user, net, rerender } = await savedChange(start);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    rerender(<Harness items={[other]} />);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await user.keyboard('{Control>}z{/Control}');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(net.callsTo(SUBMIT)).toHaveLength(1);
  });
});
