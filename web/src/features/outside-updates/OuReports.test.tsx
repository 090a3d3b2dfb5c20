import type { UserZone } from '@cpb/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../shared/api';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/render';
import { OuReports } from './OuReports';
import { OuToolbar, type OuToolbarProps } from './OuToolbar';

// pdf.js does not run in jsdom: the viewer is replaced by a dialog naming what it was given.
vi.mock('../../components/pdf/PdfViewerDialog', () => import('../../test/pdfViewerStub'));

const BAY_AREA: UserZone = { ZoneSetupID: 2, ZoneNo: 2, ZoneName: 'Bay Area' };
const PDF_PATH = '/report/outsideupdates/demo/2/2/Bay%20Area';
const PDF_BYTES = '%PDF-1.3 report';

const noop = () => {};
const toolbarProps: OuToolbarProps = {
  shown: 3,
  total: 3,
  capped: false,
  selected: 0,
  pending: 0,
  canApply: false,
  applying: false,
  floatingFilters: false,
  onFilters: noop,
  onExpandAll: noop,
  onSelectAll: noop,
  onAccept: noop,
  onReject: noop,
  onSync: noop,
  onApply: noop,
  onUndo: noop,
};

function stub(o: { emailEnabled?: boolean; routes?: Record<string, unknown> } = {}) {
  return stubFetch({
    '/appConfig': { emailEnabled: o.emailEnabled ?? true },
    [PDF_PATH]: () =>
      new Response(PDF_BYTES, { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    '/report/outsideupdates/demo/email': {
      RootResults: { fpath: 'outside-updates-zone-2.pdf', Message: 'Report was sent.' },
    },
    ...o.routes,
  });
}

const renderToolbar = (zone: UserZone | null = BAY_AREA) =>
  renderWithProviders(<OuToolbar {...toolbarProps} reports={<OuReports user="demo" zone={zone} />} />);
const toolbar = () => screen.getByRole('toolbar', { name: 'Outside update actions' });

describe('Outside Updates: View Report and E-mail Report', () => {
  it('both are in the toolbar when the server sends mail; E-mail Report is not offered otherwise', async () => {
    const api = stub();
    const { unmount } = renderToolbar();
    expect(within(toolbar()).getByRole('button', { name: 'View Report' })).toBeEnabled();
    expect(await within(toolbar()).findByRole('button', { name: 'E-mail Report' })).toBeEnabled();
    expect(api.callsTo('/report')).toHaveLength(0);
    unmount();

    const off = stub({ emailEnabled: false });
    renderToolbar();
    await waitFor(() => expect(off.callsTo('/appConfig')).toHaveLength(1));
    expect(within(toolbar()).getByRole('button', { name: 'View Report' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'E-mail Report' })).toBeNull();
  });

  it('with no zone chosen neither can be used', async () => {
    stub();
    renderToolbar(null);
    expect(screen.getByRole('button', { name: 'View Report' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'E-mail Report' })).toBeDisabled();
  });

  it("View Report asks for the zone's PDF and shows it in the viewer", async () => {
    const api = stub();
    const { user } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'View Report' }));
    const viewer = await screen.findByRole('dialog', { name: 'Outside Updates Report, zone 2 - Bay Area' });
    expect(viewer).toHaveTextContent(`PDF of ${PDF_BYTES.length} bytes`);
    expect(api.callsTo('/report/outsideupdates')).toMatchObject([
      { method: 'GET', path: PDF_PATH, body: undefined },
    ]);
    await user.click(within(viewer).getByRole('button', { name: 'Close viewer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a refused report says the spec's preview error and opens nothing", async () => {
    stub({
      routes: {
        [PDF_PATH]: () =>
          new Response(JSON.stringify({ ErrorMessage: 'You do not have access to this zone.' }), {
            status: 403,
            headers: { 'Content-Type': 'application/json' },
          }),
      },
    });
    const { user } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'View Report' }));
    expect(
      await screen.findByText('fn=onPreviewReport,status=403,error=You do not have access to this zone.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a 401 while viewing the report re-checks the sign-in', async () => {
    const signIn = vi.fn();
    setUnauthorizedHandler(signIn);
    onTestFinished(() => setUnauthorizedHandler(() => {}));
    stub({
      routes: {
        [PDF_PATH]: () => new Response(JSON.stringify({ ErrorMessage: 'Sign in.' }), { status: 401 }),
      },
    });
    const { user } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'View Report' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('E-mail Report sends the zone with the mail form and says Report was sent.', async () => {
    const api = stub();
    const { user } = renderToolbar();
    await user.click(await screen.findByRole('button', { name: 'E-mail Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail Report' });
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Outside Updates Report, zone 2 - Bay Area',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    expect(api.callsTo('/report/outsideupdates/demo/email')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), 'buyer@example.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Morning list.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Report was sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'E-mail Report' })).toBeNull());
    expect(api.callsTo('/report/outsideupdates/demo/email')).toMatchObject([
      {
        method: 'POST',
        path: '/report/outsideupdates/demo/email',
        body: {
          ZoneSetupID: 2,
          ZoneNo: 2,
          ZoneName: 'Bay Area',
          emailInfo: {
            to: 'buyer@example.test',
            cc: '',
            subject: 'Outside Updates Report, zone 2 - Bay Area',
            text: 'Morning list.',
          },
        },
      },
    ]);
  });

  it('a failed send keeps the dialog open and says fn=emailReport', async () => {
    stub({
      routes: {
        '/report/outsideupdates/demo/email': () =>
          new Response(JSON.stringify({ ErrorMessage: 'The e-mail could not be sent: refused' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          }),
      },
    });
    const { user } = renderToolbar();
    await user.click(await screen.findByRole('button', { name: 'E-mail Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail Report' });
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), 'buyer@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('fn=emailReport,The e-mail could not be sent: refused'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'E-mail Report' })).toBeInTheDocument();
  });
});
