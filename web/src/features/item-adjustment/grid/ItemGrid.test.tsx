import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { gridRow } from '../../../test/fixtures';
import { renderGrid } from '../../../test/renderItemGrid';

const ROWS = [
  gridRow(),
  gridRow({ ID: '02840000001', PackSize: 6, idplu: '02840000001@6', Description: 'LAYS 6PK' }),
];

describe('ItemGrid row selection', () => {
  it('names each row checkbox after its item and pack, and selects that row', async () => {
    const { findByRole, getByRole, user, props } = renderGrid(ROWS);
    const lays = await findByRole('checkbox', { name: 'Select 02840000001 pack 6' });
    expect(getByRole('checkbox', { name: 'Select 04900000044 pack 1' })).not.toBeChecked();
    await user.click(lays);
    expect(lays).toBeChecked();
    expect(props.onSelection).toHaveBeenLastCalledWith([expect.objectContaining({ idplu: '02840000001@6' })]);
  });

  it('the header checkbox selects every row and the row checkboxes follow', async () => {
    const { findByRole, getByRole, props } = renderGrid(ROWS);
    await findByRole('checkbox', { name: 'Select 04900000044 pack 1' });
    await vi.waitFor(() => expect(props.apiRef.current).toBeTruthy());
    act(() => props.apiRef.current?.selectAll());
    await vi.waitFor(() =>
      expect(getByRole('checkbox', { name: 'Select 04900000044 pack 1' })).toBeChecked(),
    );
    expect(getByRole('checkbox', { name: 'Select 02840000001 pack 6' })).toBeChecked();
  });
});

describe('ItemGrid row state', () => {
  it('shows each row’s save state in words in the State column, a failure with its message', async () => {
    const rows = [
      gridRow({ idplu: 'A@1', ID: 'A', saveState: 'editing', isDirty: true }),
      gridRow({ idplu: 'B@1', ID: 'B', saveState: 'saving' }),
      gridRow({ idplu: 'C@1', ID: 'C', saveState: 'saved', isModified: true }),
      gridRow({
        idplu: 'D@1',
        ID: 'D',
        saveState: 'failed',
        saveMessage: 'The department must be a valid existing department.',
        hasError: true,
      }),
      gridRow({ idplu: 'E@1', ID: 'E' }),
    ];
    const { findByRole, container } = renderGrid(rows);
    expect(await findByRole('columnheader', { name: 'State' })).toBeInTheDocument();
    const stateOf = (key: string) =>
      container.querySelector(`[row-id="${key}"] [col-id="saveState"]`)?.textContent;
    await vi.waitFor(() => expect(stateOf('A@1')).toBe('Editing'));
    expect(stateOf('B@1')).toBe('Saving…');
    expect(stateOf('C@1')).toBe('Saved');
    expect(stateOf('D@1')).toBe('Failed: The department must be a valid existing department.');
    expect(stateOf('E@1')).toBe('');
  });
});

describe('ItemGrid from the keyboard', () => {
  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
    ['F2', '{F2}'],
  ])('%s on the Edit cell opens the edit panel for that row', async (_name, keys) => {
    const { findByRole, user, props, container } = renderGrid(ROWS);
    await findByRole('checkbox', { name: 'Select 02840000001 pack 6' });
    await vi.waitFor(() => expect(props.apiRef.current).toBeTruthy());
    act(() => props.apiRef.current?.setFocusedCell(1, 'edit'));
    const cell = container.querySelector<HTMLElement>('[row-id="02840000001@6"] [col-id="edit"]');
    if (!cell) throw new Error('no Edit cell');
    await vi.waitFor(() => expect(cell.contains(document.activeElement)).toBe(true));
    await user.keyboard(keys);
    expect(props.onEditItem).toHaveBeenCalledTimes(1);
    expect(props.onEditItem).toHaveBeenCalledWith(expect.objectContaining({ idplu: '02840000001@6' }));
  });

  it('Enter on another cell does not open the edit panel', async () => {
    const { findByRole, user, props, container } = renderGrid(ROWS);
    await findByRole('checkbox', { name: 'Select 02840000001 pack 6' });
    await vi.waitFor(() => expect(props.apiRef.current).toBeTruthy());
    act(() => props.apiRef.current?.setFocusedCell(1, 'ID'));
    const cell = container.querySelector<HTMLElement>('[row-id="02840000001@6"] [col-id="ID"]');
    await vi.waitFor(() => expect(cell?.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Enter}');
    expect(props.onEditItem).not.toHaveBeenCalled();
  });
});
