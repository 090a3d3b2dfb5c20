/** The marked value cell: a value kept edited on the server is marked edited, with what came in. */
import { screen } from '@testing-library/react';
import type { ICellRendererParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { editedRoot, root } from '../model/testRoots';
import { makeRootRow } from '../model/treeRows';
import type { LocalItemState, OuRow } from '../model/types';
import { type OuGridContext, ValueCell } from './cells';

const context = { formatPrevious: (_f: string, v: string) => `$${v}` } as unknown as OuGridContext;
const cell = (row: OuRow, field: string) =>
  renderWithProviders(
    <ValueCell
      {...({
        data: row,
        colDef: { field },
        value: (row as unknown as Record<string, unknown>)[field],
        valueFormatted: null,
        context,
      } as unknown as ICellRendererParams<OuRow, unknown, OuGridContext>)}
    />,
  );

describe('the value cell', () => {
  it('marks a price kept edited on the server and says the incoming price', () => {
    const { container } = cell(makeRootRow(editedRoot(), undefined, 1, false), 'Price');
    expect(container.querySelector('.ou-edited')).not.toBeNull();
    expect(screen.getByText(', edited, incoming value $1.89')).toBeTruthy();
  });

  it('restored, shows the incoming price as an incoming change, not an edit', () => {
    const restored: LocalItemState = { action: 'noaction', edits: {}, restored: true };
    const { container } = cell(makeRootRow(editedRoot(), restored, 1, false), 'Price');
    expect(container.querySelector('.ou-edited')).toBeNull();
    expect(container.querySelector('.ou-changed')?.textContent).toContain('1.89');
    expect(screen.getByText(', changed, zone value $1.79')).toBeTruthy();
  });

  it('a root with no kept edit shows no edit mark', () => {
    const { container } = cell(makeRootRow(root(), undefined, 1, false), 'Price');
    expect(container.querySelector('.ou-edited')).toBeNull();
  });
});
