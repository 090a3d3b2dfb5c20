import type { GridApi } from 'ag-grid-community';
import { createRef, type RefObject } from 'react';
import { vi } from 'vitest';
import { ItemGrid, type ItemGridProps } from '../features/item-adjustment/grid/ItemGrid';
import type { GridRow } from '../features/item-adjustment/types';
import { renderWithProviders } from './render';

/** Item Adjustment's results grid with `rows`, every callback a spy (`over` replaces any prop). */
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
