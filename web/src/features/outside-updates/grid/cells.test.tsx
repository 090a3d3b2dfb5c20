/** The marked value cell: a value kept edited on the server is marked edited, with what came in. */
import { fireEvent, screen } from '@testing-library/react';
import type { ICellRendererParams } from 'ag-grid-community';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { editedRoot, root } from '../model/testRoots';
import { makeRootRow } from '../model/treeRows';
import type { LocalItemState, OuRow } from '../model/types';
import { type OuGridContext, RetailCell, ValueCell } from './cells';
import { sameAmount } from './columns';

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

describe('a suggested retail cell', () => {
  const retail = (row: OuRow, field: string, value: string, onTakePrice = vi.fn()) => {
    renderWithProviders(
      <RetailCell
        {...({
          data: row,
          colDef: { field },
          value,
          valueFormatted: `$${value}`,
          context: { onTakePrice, samePrice: (a: unknown, b: string) => sameAmount(a, b, 2) },
        } as unknown as ICellRendererParams<OuRow, unknown, OuGridContext>)}
      />,
    );
    return onTakePrice;
  };

  it('takes the margin retail as the price of that root, by a button naming item and amount', () => {
    const row = makeRootRow(root({ Price: '1.79', MarginRetail: '1.99' }), undefined, 1, false);
    const take = retail(row, 'MarginRetail', '1.99');
    fireEvent.click(
      screen.getByRole('button', { name: 'Use Margin Retail $1.99 as the price of 01221000130 pack 1' }),
    );
    expect(take).toHaveBeenCalledWith(row, '1.99');
  });

  it('offers nothing when the price already is that amount (1.9 and 1.90 are one price)', () => {
    const row = makeRootRow(root({ Price: '1.9', VendorRetail: '1.90' }), undefined, 1, false);
    retail(row, 'VendorRetail', '1.90');
    expect(screen.getByText('$1.90')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
