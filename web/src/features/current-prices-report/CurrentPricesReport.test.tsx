import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentZone } from '../../shared/zone';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/render';
import { CurrentPricesReport } from './CurrentPricesReport';

const COKE = { ID: '04900000044', PackSize: 1, Description: 'COKE 20OZ', UpdateKey: '7' };
const found = {
  RootResults: {
    Items: [
      {
        ...COKE,
        CurrentPrices: [
          { Price: '1.79', Count: 2 },
          { Price: '1.89', Count: 1 },
        ],
      },
    ],
    TotalCount: 1,
    Capped: false,
    Message: '1 records found.',
  },
};
const allAt179 = { ...COKE, UpdateKey: '9', CurrentPrices: [{ Price: '1.79', Count: 3 }] };

function stub() {
  return stubFetch({
    '/adjust/demo/criteria': { RootResults: { Vendors: [], ItemGroups: [], TaxGroups: [], Redemptions: [] } },
    '/departments/demo/1': { RootResults: [] },
    '/api/currentPricesReport': found,
    '/currentPrices/demo/apply': {
      RootResults: { Message: 'Prices applied successfully', Items: [allAt179], Sites: 1 },
    },
    '/currentPrices/demo/undo': {
      RootResults: { Message: 'Prices undone successfully', Items: [found.RootResults.Items[0]], Sites: 1 },
    },
  });
}

afterEach(() => setCurrentZone(null));

describe('Current Prices Report', () => {
  it('Apply Criteria waits for a criterion; an ID with / counts from 11 digits', async () => {
    setCurrentZone('1');
    stub();
    const { user } = renderWithProviders(<CurrentPricesReport user="demo" />);
    const apply = await screen.findByRole('button', { name: 'Apply Criteria' });
    expect(apply).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Item ID' }), '/123');
    expect(apply).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Item ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Item ID' }), '04900000044');
    expect(apply).toBeEnabled();
  });

  it('shows the prices as buttons with their store counts; Apply and Undo ask first and send the chosen price', async () => {
    setCurrentZone('1');
    const api = stub();
    const { user } = renderWithProviders(<CurrentPricesReport user="demo" />);
    await user.type(await screen.findByRole('textbox', { name: 'Item Description' }), 'COKE');
    await user.click(screen.getByRole('button', { name: 'Apply Criteria' }));
    expect(api.callsTo('/api/currentPricesReport')[0].body).toMatchObject({
      ZoneSetupID: 1,
      clientCriterias: { ApplyItemDescription: true, ItemDesc: 'COKE' },
    });
    const cheap = await screen.findByRole('button', { name: 'Price 1.79 at 2 store(s) of 04900000044' });
    expect(screen.getByRole('button', { name: 'Price 1.89 at 1 store(s) of 04900000044' })).toHaveTextContent(
      '1.89 (1)',
    );
    const applyButton = screen.getByRole('button', { name: 'Apply' });
    expect(applyButton).toBeDisabled();
    await user.click(cheap);
    expect(cheap).toHaveAttribute('aria-pressed', 'true');
    await user.click(applyButton);
    const dialog = await screen.findByRole('dialog', { name: 'Apply Prices' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('/currentPrices/demo/apply')).toHaveLength(1));
    expect(api.callsTo('/currentPrices/demo/apply')[0].body).toEqual({
      ZoneSetupID: 1,
      Items: [{ ID: '04900000044', PackSize: 1, Price: '1.79', UpdateKey: '7' }],
    });
    expect(await screen.findByText('Prices applied successfully')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Price 1.79 at 3 store(s) of 04900000044' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const undo = await screen.findByRole('dialog', { name: 'Undo Prices' });
    await user.click(within(undo).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Prices undone successfully')).toBeInTheDocument();
    expect(api.callsTo('/currentPrices/demo/undo')[0].body).toEqual({
      ZoneSetupID: 1,
      Items: [{ ID: '04900000044', PackSize: 1 }],
    });
    expect(
      await screen.findByRole('button', { name: 'Price 1.89 at 1 store(s) of 04900000044' }),
    ).toBeInTheDocument();
  });
});
