import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { testQueryClient } from '../../test/render';
import { Preferences } from './Preferences';

/** The screen in a data router (its unsaved-changes guard blocks navigation), with a way out. */
function renderWithProviders(_ui: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <Link to="/home">Leave</Link>
          <Preferences user="demo" />
        </>
      ),
    },
    { path: '/home', element: <p>Home screen</p> },
  ]);
  const result = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user: userEvent.setup({ delay: null }) };
}

const FLAGS_OFF = {
  applyVendorList: false,
  disMaintainItemGroup: false,
  enMinMaxItemAdjust: false,
  enMinMaxOutsideUpdate: false,
  canUpdateUnitCost: false,
  isUnitCostOUEnabled: false,
};

/** A user with min/max in Item Adjustment and Outside Updates (8 + 16) and a 10% variance. */
function stub(o: { tableVersion?: number; flags?: Partial<typeof FLAGS_OFF>; failSave?: boolean } = {}) {
  const flags = { ...FLAGS_OFF, enMinMaxItemAdjust: true, enMinMaxOutsideUpdate: true, ...o.flags };
  return stubFetch({
    '/preferences/demo': { RootResults: { Mask: 24, Flags: flags, Prefs: [], CostCompareVariance: 10 } },
    '/tableVersion/demo': { RootResults: o.tableVersion ?? 30 },
    '/setPreference/demo': () =>
      o.failSave
        ? new Response(JSON.stringify({ ErrorMessage: 'database is down' }), { status: 500 })
        : { RootResults: { Mask: 0, Flags: FLAGS_OFF, Prefs: [], CostCompareVariance: 10 } },
    '/setPreferenceInt/demo': {
      RootResults: { PrefID: 7, PrefString: 'Cost Compare Variance', PrefValue: 25 },
    },
  });
}

const box = (name: string) => screen.findByRole('checkbox', { name });
const submit = () => screen.getByRole('button', { name: 'Submit' });
const undo = () => screen.getByRole('button', { name: 'Undo' });

describe('Preferences', () => {
  it('shows both panes with the stored flags; Submit and Undo wait for a change', async () => {
    stub();
    renderWithProviders(<Preferences user="demo" />);
    expect(await screen.findByRole('heading', { name: 'Options' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Additional Options' })).toBeInTheDocument();
    expect(await box('Enable Min/Max in Item Adjust')).toBeChecked();
    expect(await box('Enable Min/Max in Outside Update')).toBeChecked();
    expect(await box('Apply Vendor List')).not.toBeChecked();
    expect(submit()).toBeDisabled();
    expect(undo()).toBeDisabled();
  });

  it('turning min/max in Item Adjust off turns it off in Outside Update; Submit sends all six flags', async () => {
    const api = stub();
    const { user } = renderWithProviders(<Preferences user="demo" />);
    await user.click(await box('Enable Min/Max in Item Adjust'));
    expect(await box('Enable Min/Max in Outside Update')).not.toBeChecked();
    expect(await box('Enable Min/Max in Outside Update')).toBeDisabled();
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(await screen.findByText('Success - preference(s) saved.')).toBeInTheDocument();
    expect(api.callsTo('/setPreference/demo')[0].body).toEqual([
      { PrefID: 1, PrefValue: false },
      { PrefID: 2, PrefValue: false },
      { PrefID: 3, PrefValue: false },
      { PrefID: 4, PrefValue: false },
      { PrefID: 5, PrefValue: false },
      { PrefID: 6, PrefValue: false },
    ]);
    // The percent is hidden (unit cost in Outside Update is off): not sent.
    expect(api.callsTo('/setPreferenceInt')).toHaveLength(0);
    // The one preferences query is read again after the save.
    await waitFor(() => expect(api.callsTo('/preferences/demo').length).toBeGreaterThanOrEqual(2));
  });

  it('Cost Compare Variance shows from table version 30 with unit cost in Outside Update on, 0 to 99', async () => {
    const api = stub({ flags: { isUnitCostOUEnabled: true } });
    const { user } = renderWithProviders(<Preferences user="demo" />);
    const percent = await screen.findByRole('textbox', { name: /Cost Compare Variance/ });
    expect(percent).toHaveValue('10');
    await user.clear(percent);
    await user.type(percent, '100');
    expect(await screen.findByText('Enter a maximum of 99.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(percent);
    await user.type(percent, '-1');
    expect(await screen.findByText('Enter a minimum of 0.')).toBeInTheDocument();
    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(submit());
    await waitFor(() => expect(api.callsTo('/setPreferenceInt/demo')).toHaveLength(1));
    expect(api.callsTo('/setPreferenceInt/demo')[0].body).toEqual({
      PrefID: 7,
      PrefString: 'Cost Compare Variance',
      PrefValue: 25,
    });
    expect(api.callsTo('/setPreference/demo')).toHaveLength(0);
  });

  it('hides Cost Compare Variance below table version 30 and with unit cost in Outside Update off', async () => {
    stub({ tableVersion: 29, flags: { isUnitCostOUEnabled: true } });
    const { user, unmount } = renderWithProviders(<Preferences user="demo" />);
    await box('Apply Vendor List');
    expect(screen.queryByRole('textbox', { name: /Cost Compare Variance/ })).toBeNull();
    unmount();
    stub({ tableVersion: 31 });
    renderWithProviders(<Preferences user="demo" />);
    await user.click(await box('Enable Unit Cost in Outside Update'));
    expect(await screen.findByRole('textbox', { name: /Cost Compare Variance/ })).toBeInTheDocument();
  });

  it('Undo asks first and puts the stored values back', async () => {
    stub();
    const { user } = renderWithProviders(<Preferences user="demo" />);
    await user.click(await box('Apply Vendor List'));
    await user.click(undo());
    expect(await screen.findByText('Undoing changes cannot be reversed. Undo changes?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await box('Apply Vendor List')).not.toBeChecked();
    expect(submit()).toBeDisabled();
  });

  it('leaving with changes asks Confirm Save: Cancel stays, Save saves and leaves', async () => {
    const api = stub();
    const { user } = renderWithProviders(<Preferences user="demo" />);
    await user.click(await box('Apply Vendor List'));
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('Would you like t save your changes now?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await box('Apply Vendor List')).toBeChecked();
    expect(api.callsTo('/setPreference')).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(api.callsTo('/setPreference/demo')[0].body).toContainEqual({ PrefID: 1, PrefValue: true });
  });

  it('leaving with changes and Discard leaves without saving', async () => {
    const api = stub();
    const { user } = renderWithProviders(<Preferences user="demo" />);
    await user.click(await box('Apply Vendor List'));
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(api.callsTo('/setPreference')).toHaveLength(0);
  });

  it('a failed save says so with the spec text', async () => {
    stub({ failSave: true });
    const { user } = renderWithProviders(<Preferences user="demo" />);
    await user.click(await box('Can Update Unit Cost'));
    await user.click(submit());
    expect(
      await screen.findByText('Error : Unable to save preferences, error=database is down'),
    ).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });
});
