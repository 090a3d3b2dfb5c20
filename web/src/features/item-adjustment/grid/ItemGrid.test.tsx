import type { GridApi } from 'ag-grid-community';
import { createRef, type RefObject } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { gridRow } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { GridRow } from '../types';
import { ItemGrid, type ItemGridProps } from './ItemGrid';

export function renderGrid(rows: GridRow[], over: Partial<ItemGridProps> = {}) {
  const apiRef = createRef<GridApi<GridRow> | null>() as RefObject<GridApi<GridRow> | null>;
  const props: ItemGridProps = {
    rows,
    taxGroups: [],
    redemptions: [],
    canUpdateCost: true,
    apiRef,
    onEdit: vi.fn(),
    onRowLeft: vi.fn(),
    onSelection: vi.fn(),
    onSort: vi.fn(),
    onEditItem: vi.fn(),
    onPickValue: vi.fn(),
    onShowValues: vi.fn(),
    ...over,
  };
  return { ...renderWithProviders(<ItemGrid {...props} />), props };
}

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
    props.apiRef.current?.selectAll();
    await vi.waitFor(() =>
      expect(getByRole('checkbox', { name: 'Select 04900000044 pack 1' })).toBeChecked(),
    );
    expect(getByRole('checkbox', { name: 'Select 02840000001 pack 6' })).toBeChecked();
  });
});
