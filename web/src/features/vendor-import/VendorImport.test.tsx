import type { TransferStatus } from '@cpb/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/render';
import { VendorImport } from './VendorImport';

const DONE: TransferStatus = {
  TransferID: 4,
  ProcessType: 'Vendor Import',
  Status: 'DONE',
  Total: 1,
  Remaining: 0,
  Message: 'Vendor Import Complete.',
  Sites: [{ SiteNo: 1, Status: 'DONE', Error: null, Result: null }],
};

function stub(active: number[]) {
  let polls = 0;
  return stubFetch({
    '/session': { RootResults: { userName: 'demo', csrfToken: 'tok-123' } },
    '/activeSites/Vendor%20Import/demo': () => active[Math.min(polls++, active.length - 1)],
    '/transfers/demo/latest/Vendor%20Import': { RootResults: DONE },
    '/vendorImport/status/demo': {
      RootResults: {
        Status: 'PENDING',
        TransferID: 4,
        Log: ['CM1.832: 3 items read, 1 cost/price changes, 0 new items, 2 unchanged, 0 reported.'],
      },
    },
    '/vendorImport/demo': { RootResults: { TransferID: 4, Sites: 1 } },
  });
}

function renderScreen() {
  return renderWithProviders(
    <Routes>
      <Route path="/setup/vendorImport" element={<VendorImport user="demo" />} />
      <Route path="/adjust/outsideUpd" element={<p>Outside Updates screen</p>} />
    </Routes>,
    { route: '/setup/vendorImport' },
  );
}

describe('Vendor Import', () => {
  it('shows the prompt when idle', async () => {
    stub([0]);
    renderScreen();
    expect(await screen.findByText('Click "Vendor Import" to import vendor items.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vendor Import' })).toBeEnabled();
  });

  it("starts with the session's token, shows the countdown and the status log, then goes to Outside Updates", async () => {
    const fetches = stub([0, 1, 1, 0, 0]);
    const { user } = renderScreen();
    await screen.findByText('Click "Vendor Import" to import vendor items.');
    await user.click(screen.getByRole('button', { name: 'Vendor Import' }));
    const area = await screen.findByRole('textbox', { name: 'Progress' });
    expect(area).toHaveAttribute('readonly');
    expect(await screen.findByDisplayValue(/Polls left: \d+/)).toBeInTheDocument();
    expect(
      await screen.findByDisplayValue(/CM1\.832: 3 items read, 1 cost\/price changes/),
    ).toBeInTheDocument();
    const start = fetches.callsTo('/vendorImport/demo')[0];
    expect(start.method).toBe('GET');
    expect(start.headers?.['x-csrf-token']).toBe('tok-123');
    expect(await screen.findByText('Outside Updates screen', {}, { timeout: 8_000 })).toBeInTheDocument();
  });
});
