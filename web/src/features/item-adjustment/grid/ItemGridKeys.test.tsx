import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { gridRow } from '../../../test/fixtures';
import { renderGrid } from '../../../test/renderItemGrid';
import type { GridRow } from '../types';

const ROWS: GridRow[] = ['A', 'B', 'C', 'D', 'E', 'F'].map((id) =>
  gridRow({ ID: id, idplu: `${id}@1`, Description: `ITEM ${id}` }),
);

const checkbox = (id: string) => `Select ${id} pack 1`;

async function ready(rows: GridRow[] = ROWS) {
  const r = renderGrid(rows);
  await r.findByRole('checkbox', { name: checkbox('A') });
  await vi.waitFor(() => expect(r.props.apiRef.current).toBeTruthy());
  const cell = (key: string, col: string) => {
    const el = r.container.querySelector<HTMLElement>(`[row-id="${key}"] [col-id="${col}"]`);
    if (!el) throw new Error(`no cell ${key} ${col}`);
    return el;
  };
  const focus = async (index: number, col: string) => {
    act(() => r.props.apiRef.current?.setFocusedCell(index, col));
    await vi.waitFor(() => expect(cell(ROWS[index].idplu, col).contains(document.activeElement)).toBe(true));
  };
  const selected = () => (r.props.apiRef.current?.getSelectedRows() ?? []).map((row) => row.ID).sort();
  // The grid's selection changes at once; its checkboxes show it on the next render (a loaded
  // machine can be a moment late).
  const checked = (id: string, on = true) =>
    vi.waitFor(() => {
      const box = r.getByRole('checkbox', { name: checkbox(id) });
      if (on) expect(box).toBeChecked();
      else expect(box).not.toBeChecked();
    });
  return { ...r, cell, focus, selected, checked };
}

describe('ItemGrid range selection', () => {
  it('Shift+click on a checkbox selects every row from the last clicked one', async () => {
    const g = await ready();
    await g.user.click(g.getByRole('checkbox', { name: checkbox('B') }));
    await g.user.keyboard('{Shift>}');
    await g.user.click(g.getByRole('checkbox', { name: checkbox('E') }));
    await g.user.keyboard('{/Shift}');
    expect(g.selected()).toEqual(['B', 'C', 'D', 'E']);
    for (const id of ['B', 'C', 'D', 'E']) await g.checked(id);
    await g.checked('F', false);
    const told = vi.mocked(g.props.onSelection).mock.lastCall?.[0] ?? [];
    expect(told.map((row) => row.ID).sort()).toEqual(['B', 'C', 'D', 'E']);
  });

  it('Shift+click on a cell selects upwards too; a plain click on a checkbox still toggles one row', async () => {
    const g = await ready();
    await g.user.click(g.cell('E@1', 'Description'));
    expect(g.selected()).toEqual([]);
    await g.user.keyboard('{Shift>}');
    await g.user.click(g.cell('C@1', 'Description'));
    await g.user.keyboard('{/Shift}');
    expect(g.selected()).toEqual(['C', 'D', 'E']);
    await g.user.click(g.getByRole('checkbox', { name: checkbox('D') }));
    expect(g.selected()).toEqual(['C', 'E']);
  });

  it('Shift+click on a selected row’s checkbox unselects the range (the checkbox’s new state)', async () => {
    const g = await ready();
    act(() => g.props.apiRef.current?.selectAll());
    await g.user.click(g.getByRole('checkbox', { name: checkbox('A') }));
    expect(g.selected()).toEqual(['B', 'C', 'D', 'E', 'F']);
    await g.user.keyboard('{Shift>}');
    await g.user.click(g.getByRole('checkbox', { name: checkbox('C') }));
    await g.user.keyboard('{/Shift}');
    expect(g.selected()).toEqual(['D', 'E', 'F']);
  });

  it('Shift+ArrowDown extends the selection from the focused row; Shift+ArrowUp takes back what it added', async () => {
    const g = await ready();
    act(() => g.props.apiRef.current?.getRowNode('F@1')?.setSelected(true));
    await g.focus(1, 'Description');
    await g.user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(g.selected()).toEqual(['B', 'C', 'D', 'F']);
    expect(g.props.apiRef.current?.getFocusedCell()?.rowIndex).toBe(3);
    await g.user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(g.selected()).toEqual(['B', 'C', 'F']);
    await g.user.keyboard('{Shift>}{ArrowUp}{ArrowUp}{/Shift}');
    expect(g.selected()).toEqual(['A', 'B', 'F']);
    await g.checked('A');
  });

  it('a plain arrow ends the range: the next Shift+ArrowDown starts from the new row', async () => {
    const g = await ready();
    await g.focus(0, 'ID');
    await g.user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(g.selected()).toEqual(['A', 'B']);
    await g.user.keyboard('{ArrowDown}{ArrowDown}');
    await g.user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(g.selected()).toEqual(['A', 'B', 'D', 'E']);
  });
});

describe('ItemGrid editing keys', () => {
  it('F2 starts editing the focused cell; Enter commits the edit and saves the row at once', async () => {
    const g = await ready();
    await g.focus(2, 'Description');
    await g.user.keyboard('{F2}');
    const input = await vi.waitFor(() => {
      const el = g.cell('C@1', 'Description').querySelector('input');
      if (!el) throw new Error('no editor');
      return el;
    });
    await g.user.clear(input);
    await g.user.type(input, 'NEW TEXT');
    expect(g.props.onEdit).not.toHaveBeenCalled();
    await g.user.keyboard('{Enter}');
    expect(g.props.onEdit).toHaveBeenCalledWith('C@1', 'Description', 'NEW TEXT');
    expect(g.props.onRowLeft).toHaveBeenCalledTimes(1);
    expect(g.props.onRowLeft).toHaveBeenCalledWith('C@1');
    // The save comes after the edit it saves.
    const editOrder = vi.mocked(g.props.onEdit).mock.invocationCallOrder[0];
    expect(vi.mocked(g.props.onRowLeft).mock.invocationCallOrder[0]).toBeGreaterThan(editOrder);
  });

  it('Enter that starts an edit saves nothing', async () => {
    const g = await ready();
    await g.focus(2, 'Description');
    await g.user.keyboard('{Enter}');
    await vi.waitFor(() => expect(g.cell('C@1', 'Description').querySelector('input')).toBeTruthy());
    expect(g.props.onRowLeft).not.toHaveBeenCalled();
  });

  it('Esc cancels the edit: the value as it was, no edit and no save', async () => {
    const g = await ready();
    await g.focus(2, 'Description');
    await g.user.keyboard('{F2}');
    const input = await vi.waitFor(() => {
      const el = g.cell('C@1', 'Description').querySelector('input');
      if (!el) throw new Error('no editor');
      return el;
    });
    await g.user.clear(input);
    await g.user.type(input, 'THROWN AWAY');
    await g.user.keyboard('{Escape}');
    await vi.waitFor(() => expect(g.cell('C@1', 'Description').querySelector('input')).toBeNull());
    expect(g.cell('C@1', 'Description')).toHaveTextContent('ITEM C');
    expect(g.props.onEdit).not.toHaveBeenCalled();
    expect(g.props.onRowLeft).not.toHaveBeenCalled();
  });
});

describe('ItemGrid with no rows', () => {
  it('says what the page tells it (divergent values only), else to choose criteria', async () => {
    const plain = renderGrid([]);
    expect(
      await plain.findByText('No items to show. Choose criteria and Apply Criteria.'),
    ).toBeInTheDocument();
    plain.unmount();
    const divergent = renderGrid([], { noRowsText: 'No items with divergent values for these criteria.' });
    expect(
      await divergent.findByText('No items with divergent values for these criteria.'),
    ).toBeInTheDocument();
    expect(divergent.queryByText(/Choose criteria/)).toBeNull();
  });
});
