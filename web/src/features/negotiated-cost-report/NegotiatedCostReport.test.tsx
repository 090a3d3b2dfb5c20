import type { NegCostReportRow } from '@cpb/domain';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentZone } from '../../shared/zone';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/render';
import { NegotiatedCostReport } from './NegotiatedCostReport';

// pdf.js does not run in jsdom: the viewer is replaced by a dialog naming what it was given.
vi.mock('../../components/pdf/PdfViewerDialog', () => import('../../test/pdfViewerStub'));

const line = (over: Partial<NegCostReportRow['Items'][number]>): NegCostReportRow['Items'][number] => ({
  ItemComment: '',
  BookDate: '03/10/2026',
  ID: '04900000044',
  PackSize: 1,
  Description: 'COKE 20OZ',
  UnitCost: '0.9000',
  NegotiatedCost: '0.8123',
  Quantity: '24.000',
  Label: 'COKE SPRING',
  ...over,
});
const ABOVE: NegCostReportRow = {
  VendorId: 'MCL',
  UserDefinedSourceSite: 'Store 11',
  Invoice: 'INV-1001',
  InvoiceDate: '03/10/2026',
  InvoiceDifference: '2.1048',
  color: 'red',
  Items: [line({}), line({ ID: '04900000045', Description: 'DIET COKE 20OZ', Quantity: '0.000' })],
};
const BELOW: NegCostReportRow = {
  VendorId: 'FRITO',
  UserDefinedSourceSite: 'Store 12',
  Invoice: 'INV-2002',
  InvoiceDate: '03/12/2026',
  InvoiceDifference: '-1234.5650',
  color: 'green',
  Items: [line({ ID: '02840000001', Description: 'LAYS 1OZ', UnitCost: '1.0000', NegotiatedCost: '1.2500' })],
};

function stub(rows: NegCostReportRow[] | (() => unknown)) {
  return stubFetch({
    '/appConfig': { emailEnabled: false, businessTimeZone: 'America/Chicago' },
    '/userZones/demo': { RootResults: [{ ZoneSetupID: 1, ZoneNo: 1, ZoneName: 'North' }] },
    '/vendors/demo': { RootResults: [{ VendorID: 'MCL', VendorName: 'McLane', Text: 'MCL - McLane' }] },
    '/negCostCombo/demo': {
      RootResults: [
        {
          NegCostID: 7,
          ItemDisplayText: 'COKE SPRING (MCL)',
          Label: 'COKE SPRING',
          VendorID: 'MCL',
          EffDate: '2026-03-01',
          ExpDate: '2026-05-31',
        },
      ],
    },
    '/report/demo/negcost/preview': typeof rows === 'function' ? rows : { RootResults: rows },
  });
}

const begin = () => screen.getByRole('textbox', { name: 'Begin Date' });
const end = () => screen.getByRole('textbox', { name: 'End Date' });
/** The zone's lists are in: View can ask for the report. */
const ready = () => waitFor(() => expect(screen.getByText(/Options reloaded,zone=/)).toBeInTheDocument());

beforeEach(() => {
  // Only the clock's date is fixed (timers stay real for user-event): 03/15/2026 in Chicago.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T15:00:00Z'));
  setCurrentZone('1');
});
afterEach(() => {
  vi.useRealTimers();
  setCurrentZone(null);
  act(() => notifications.clean());
});

describe('Negotiated Cost Report: the form view', () => {
  it('starts on the last 14 days; the presets set the range; View sends the range and the option', async () => {
    const api = stub([ABOVE]);
    const { user } = renderWithProviders(<NegotiatedCostReport user="demo" />);
    await waitFor(() => expect(begin()).toHaveValue('03/02/2026'));
    expect(end()).toHaveValue('03/15/2026');

    const preset = async (name: string) => {
      await user.click(screen.getByRole('button', { name: 'Presets' }));
      await user.click(await screen.findByRole('menuitem', { name, hidden: true }));
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    };
    await ready();
    await preset('Yesterday');
    expect(begin()).toHaveValue('03/14/2026');
    expect(end()).toHaveValue('03/14/2026');
    await preset('Month to Date');
    expect(begin()).toHaveValue('03/01/2026');
    expect(end()).toHaveValue('03/15/2026');
    await preset('Last Year');
    expect(begin()).toHaveValue('01/01/2025');
    expect(end()).toHaveValue('12/31/2025');
    await preset('Last 7 Days');
    expect(begin()).toHaveValue('03/09/2026');
    expect(end()).toHaveValue('03/15/2026');

    const option = screen.getByLabelText('Report Option', { selector: 'input:not([type=hidden])' });
    expect(option).toHaveAttribute('placeholder', 'Select options...');
    await user.click(option);
    await user.click(await screen.findByRole('option', { name: 'Increases', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'View' }));
    await waitFor(() => expect(api.callsTo('/report/demo/negcost/preview')).toHaveLength(1));
    expect(api.callsTo('/report/demo/negcost/preview')[0].body).toMatchObject({
      ZoneSetupID: 1,
      ZoneNo: 1,
      ZoneName: 'North',
      BeginDate: '03/09/2026',
      EndDate: '03/15/2026',
      CboOption: 'Increases',
    });
  });

  it('the date range is required: an empty begin date is flagged and nothing is asked', async () => {
    const api = stub([ABOVE]);
    const { user } = renderWithProviders(<NegotiatedCostReport user="demo" />);
    await waitFor(() => expect(begin()).toHaveValue('03/02/2026'));
    await user.clear(begin());
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Required.')).toBeInTheDocument();
    expect(api.callsTo('/report/demo/negcost/preview')).toHaveLength(0);
  });

  it("with no option chosen it reports 'Negotiated'; a combo entry sets the vendor and dates", async () => {
    const api = stub([ABOVE]);
    const { user } = renderWithProviders(<NegotiatedCostReport user="demo" />);
    await ready();
    const combo = screen.getByLabelText('Negotiated Cost', { selector: 'input:not([type=hidden])' });
    await user.click(combo);
    await user.click(await screen.findByRole('option', { name: 'COKE SPRING (MCL)', hidden: true }));
    expect(begin()).toHaveValue('03/01/2026');
    expect(end()).toHaveValue('05/31/2026');
    expect(screen.getByLabelText('Vendor', { selector: 'input:not([type=hidden])' })).toHaveValue(
      'MCL - McLane',
    );
    await user.click(screen.getByRole('button', { name: 'View' }));
    await waitFor(() => expect(api.callsTo('/report/demo/negcost/preview')).toHaveLength(1));
    expect(api.callsTo('/report/demo/negcost/preview')[0].body).toMatchObject({
      CboOption: 'Negotiated',
      LName: 'COKE SPRING',
      VendorID: 'MCL - McLane',
    });
  });
});

describe('Negotiated Cost Report: the report view', () => {
  it('one grid per invoice headed by vendor, site and invoice; Invoice Difference in cents, coloured', async () => {
    stub([ABOVE, BELOW]);
    const { user } = renderWithProviders(<NegotiatedCostReport user="demo" />);
    await ready();
    await user.click(screen.getByRole('button', { name: 'View' }));

    const first = await screen.findByRole('region', {
      name: 'Vendor MCL · Store 11 · Invoice INV-1001 (03/10/2026)',
    });
    const second = screen.getByRole('region', {
      name: 'Vendor FRITO · Store 12 · Invoice INV-2002 (03/12/2026)',
    });
    const above = within(first).getByText('Invoice Difference: $2.10');
    expect(above.getAttribute('style')).toContain('red');
    const below = within(second).getByText('Invoice Difference: -$1,234.57');
    expect(below.getAttribute('style')).toContain('green');
    expect(within(first).getAllByRole('row')).toHaveLength(3);
    expect(within(first).getByRole('row', { name: /DIET COKE 20OZ/ })).toHaveTextContent('0.9000');
    expect(within(second).getByRole('row', { name: /LAYS 1OZ/ })).toHaveTextContent('1.2500');
    expect(screen.getByText('2 invoice(s); total difference -$1,232.46')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'View' })).toBeInTheDocument();
  });

  it("nothing found says 'Nothing to report for the given criteria!' and stays on the form", async () => {
    stub([]);
    const { user } = renderWithProviders(<NegotiatedCostReport user="demo" />);
    await ready();
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Nothing to report for the given criteria!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Invoice/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'View' })).toBeEnabled();
  });

  it("the spec's 500 'duration is not defined' also says 'Nothing to report for the given criteria!'", async () => {
    stub(
      () =>
        new Response(JSON.stringify({ ErrorMessage: 'duration is not defined' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const { user } = renderWithProviders(<NegotiatedCostReport user="demo" />);
    await ready();
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Nothing to report for the given criteria!')).toBeInTheDocument();
    expect(screen.queryByText('duration is not defined')).toBeNull();
  });
});
