/**
 * Adjust price on an outside update: Item Adjustment's Set Price dialog on the row's price.
 * Preview shows the old and new price; OK gives the new price, or the pricing event it goes to.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/render';
import { AdjustPriceDialog } from './AdjustPriceDialog';
import { root } from './model/testRoots';
import { makeRootRow } from './model/treeRows';

const zone = { ZoneSetupID: 2, ZoneNo: 2, ZoneName: 'Bay Area' };
// The row shows 1.79 (root()).
const row = makeRootRow(root(), undefined, 1, false);

function open() {
  stubFetch({ '/currentPricingEvents/': [], '/appConfig': { businessTimeZone: 'UTC' } });
  const onDone = vi.fn();
  const r = renderWithProviders(
    <AdjustPriceDialog
      user="demo"
      zone={zone as never}
      row={row}
      busy={false}
      onDone={onDone}
      onClose={vi.fn()}
    />,
  );
  return { ...r, onDone };
}

describe('the Adjust price dialog', () => {
  it('Preview shows the old and new price; OK gives the new price', async () => {
    const { user, onDone } = open();
    await user.type(screen.getByRole('textbox', { name: 'Add Amount' }), '0.20');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Central Price' });
    expect(preview.textContent).toContain('$1.79');
    expect(preview.textContent).toContain('$1.99');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onDone).toHaveBeenCalledWith({ kind: 'price', price: '1.99' });
  });

  it('a percentage with the last-digit-9 rule', async () => {
    const { user, onDone } = open();
    await user.click(screen.getByRole('radio', { name: 'Percentage' }));
    await user.type(screen.getByRole('textbox', { name: 'Percentage' }), '10');
    await user.click(screen.getByRole('radio', { name: /Last digit 9$/ }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onDone).toHaveBeenCalledWith({ kind: 'price', price: '1.99' });
  });
});
