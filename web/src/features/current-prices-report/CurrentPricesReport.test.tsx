import { msg } from '@cpb/domain';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
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

const NOTHING_APPLIED = { RootResults: { AppliedAt: null, Items: [] } };
const COKE_APPLIED = {
  RootResults: {
    AppliedAt: '2026-11-26T14:05:00.000Z',
    Items: [{ ID: '04900000044', PackSize: 1, Price: '1.79', Undoable: true }],
  },
};

/** The calls of the screen; lastApply answers in turn (the last answer repeats). */
function stub(lastApply: unknown[] = [NOTHING_APPLIED, COKE_APPLIED, NOTHING_APPLIED]) {
  let n = 0;
  return stubFetch({
    '/currentPrices/demo/lastApply/1': () => lastApply[Math.min(n++, lastApply.length - 1)],
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

afterEach(() => {
  setCurrentZone(null);
  act(() => notifications.clean());
});

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
    // Nothing applied yet: no Undo.
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
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

    const bar = await screen.findByRole('region', { name: 'Your last Apply' });
    expect(bar).toHaveTextContent('1 item(s) can be undone.');
    await user.click(within(bar).getByRole('button', { name: 'Undo' }));
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
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  });

  it("after a reload Undo is offered for the user's last Apply, as the server recorded it", async () => {
    setCurrentZone('1');
    const api = stub([COKE_APPLIED, NOTHING_APPLIED]);
    const { user } = renderWithProviders(<CurrentPricesReport user="demo" />);
    // No report run on this visit: the server's record alone offers Undo.
    const bar = await screen.findByRole('region', { name: 'Your last Apply' });
    expect(bar).toHaveTextContent(
      /Your last Apply in this zone \(11\/26\/2026 .+\): 1 item\(s\) can be undone\./,
    );
    await user.click(within(bar).getByRole('button', { name: 'Undo' }));
    const undo = await screen.findByRole('dialog', { name: 'Undo Prices' });
    expect(undo).toHaveTextContent('for 1 item(s)?');
    await user.click(within(undo).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Prices undone successfully')).toBeInTheDocument();
    expect(api.callsTo('/currentPrices/demo/undo')[0].body).toEqual({
      ZoneSetupID: 1,
      Items: [{ ID: '04900000044', PackSize: 1 }],
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your last Apply' })).toBeNull());
  });

  it('an item a store changed since is named with the reason and left out of Undo', async () => {
    setCurrentZone('1');
    const mixed = {
      RootResults: {
        AppliedAt: '2026-11-26T14:05:00.000Z',
        Items: [
          { ID: '04900000044', PackSize: 1, Price: '1.79', Undoable: false },
          { ID: '04900000045', PackSize: 1, Price: '1.99', Undoable: true },
        ],
      },
    };
    const api = stub([mixed]);
    const { user } = renderWithProviders(<CurrentPricesReport user="demo" />);
    const bar = await screen.findByRole('region', { name: 'Your last Apply' });
    expect(bar).toHaveTextContent('1 item(s) can be undone.');
    expect(
      within(bar).getByText(
        '04900000044 pack 1: A store changed this item after the prices were applied; its Apply cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Undo' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Undo Prices' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(api.callsTo('/currentPrices/demo/undo')).toHaveLength(1));
    expect(api.callsTo('/currentPrices/demo/undo')[0].body).toEqual({
      ZoneSetupID: 1,
      Items: [{ ID: '04900000045', PackSize: 1 }],
    });
  });

  it("a refused Undo says the server's reason and asks again what is left to undo", async () => {
    setCurrentZone('1');
    const changed = {
      RootResults: {
        AppliedAt: '2026-11-26T14:05:00.000Z',
        Items: [{ ID: '04900000044', PackSize: 1, Price: '1.79', Undoable: false }],
      },
    };
    const api = stubFetch({
      '/adjust/demo/criteria': {
        RootResults: { Vendors: [], ItemGroups: [], TaxGroups: [], Redemptions: [] },
      },
      '/departments/demo/1': { RootResults: [] },
      '/currentPrices/demo/lastApply/1': (() => {
        let n = 0;
        return () => (n++ === 0 ? COKE_APPLIED : changed);
      })(),
      '/currentPrices/demo/undo': () =>
        new Response(JSON.stringify({ ErrorMessage: msg('PRICES_CHANGED_SINCE_APPLY') }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { user } = renderWithProviders(<CurrentPricesReport user="demo" />);
    const bar = await screen.findByRole('region', { name: 'Your last Apply' });
    await user.click(within(bar).getByRole('button', { name: 'Undo' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Undo Prices' })).getByRole('button', { name: 'Yes' }),
    );
    expect(
      await screen.findByText(
        'A store changed this item after the prices were applied; its Apply cannot be undone.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('/currentPrices/demo/lastApply/1')).toHaveLength(2));
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'Undo' })).toBeDisabled());
    expect(within(bar).getByText(/^04900000044 pack 1: A store changed this item/)).toBeInTheDocument();
  });
});
