/**
 * Adjust price on an outside update: Item Adjustment's Set Price dialog on the row's price.
 * Preview shows the old and new price; OK gives the new price, or the pricing event it goes to.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/render';
import { AdjustPriceDialog, eventPriceBody } from './AdjustPriceDialog';
import { root } from './model/testRoots';
import { makeRootRow } from './model/treeRows';

const zone = { ZoneSetupID: 2, ZoneNo: 2, ZoneName: 'Bay Area' };
// The row shows 1.79 (root()).
const row = makeRootRow(root({ ZoneUpdateKey: '12400' }), undefined, 1, false);

const holiday = {
  Id: 1,
  PricingEventName: 'Holiday',
  EffectiveDateTime: '2099-12-01T06:00:00.000Z',
  EffectiveDate: '2099-12-01',
  strEffectiveDateTime: '12/01/2099 12:00 AM',
  Status: 1,
  SortableStatus: 1,
  ErrorReason: null,
  UndoOf: null,
  Collides: false,
};

function open() {
  stubFetch({ '/currentPricingEvents/': [holiday], '/appConfig': { businessTimeZone: 'UTC' } });
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
  it('names the item and says its incoming and zone prices', async () => {
    // An incoming 1.89 against the zone's 1.79: the change starts from the row's 1.89.
    const r = makeRootRow(root({ Price: '1.89', ZoneList: '1.79' }), undefined, 1, false);
    stubFetch({ '/currentPricingEvents/': [holiday], '/appConfig': { businessTimeZone: 'UTC' } });
    renderWithProviders(
      <AdjustPriceDialog
        user="demo"
        zone={zone as never}
        row={r}
        busy={false}
        onDone={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Adjust price: 01221000130 pack 1' });
    expect(dialog.textContent).toContain(
      'Fiji Sparkling 20 oz. Incoming price $1.89, zone price $1.79; the change starts from $1.89.',
    );
  });

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

  it('with a pricing event, OK gives the price and the event; the call keeps exactly that price in it', async () => {
    const { user, onDone } = open();
    await user.type(screen.getByRole('textbox', { name: 'Add Amount' }), '0.20');
    await user.click(screen.getByRole('combobox', { name: 'Pricing Event Name' }));
    await user.click(await screen.findByRole('option', { name: 'Holiday', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    const done = {
      kind: 'event',
      price: '1.99',
      PricingEventName: 'Holiday',
      strEffectiveDate: '12/01/2099',
      PricingEventMode: 1,
    } as const;
    expect(onDone).toHaveBeenCalledWith(done);
    expect(eventPriceBody(2, row.root, done)).toEqual({
      ZoneSetupID: 2,
      SelectedItems: [{ ID: row.root.Idcode, PackSize: 1, UpdateKey: '12400' }],
      UpdateType: 3,
      RoundType: 0,
      ChangeAmount: '1.99',
      PricingEventName: 'Holiday',
      strEffectiveDate: '12/01/2099',
      PricingEventMode: 1,
    });
  });
});
