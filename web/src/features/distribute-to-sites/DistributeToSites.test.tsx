import type { DtsPreviewRow, PickerSite, PickerZone, TransferStatus } from '@cpb/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type StubCall, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/render';
import { DistributeToSites } from './DistributeToSites';

// pdf.js does not run in jsdom: the viewer is replaced by a dialog naming what it was given.
vi.mock('../../components/pdf/PdfViewerDialog', () => import('../../test/pdfViewerStub'));

type Dist = PickerSite['LastDistribution'];
const sent = (File: string, Confirmed: boolean): Dist => ({
  File,
  At: '2026-11-24T10:00:00Z',
  Confirmed,
  Refused: 0,
});

const zonesWith = (dist: (no: number) => Dist): PickerZone[] => [
  {
    ZoneSetupID: 1,
    ZoneNo: 1,
    ZoneName: 'Central Valley',
    CurZoneName: 'Central Valley',
    CurZoneNum: 1,
    ZoneSites: [1, 2].map((no) => ({
      SetupID: no,
      SiteNo: no,
      SiteName: no === 1 ? 'Fresno' : 'Modesto',
      LastDistribution: dist(no),
      LastImport: null,
    })),
  },
];

const DONE: TransferStatus = {
  TransferID: 7,
  ProcessType: 'DTS',
  Status: 'DONE',
  Total: 2,
  Remaining: 0,
  Message: 'Done: 2 site(s).',
  Sites: [
    { SiteNo: 1, Status: 'DONE', Error: null, Result: null },
    { SiteNo: 2, Status: 'DONE', Error: null, Result: null },
  ],
};

const row = (SiteNo: number, ID: string, Action: DtsPreviewRow['Action'] = 'change'): DtsPreviewRow => ({
  SiteNo,
  Action,
  ID,
  PackSize: 1,
  Description: `ITEM ${ID}`,
  DeptSub: '01-02',
  UnitList: '1234.5',
});

interface StubOptions {
  emailEnabled?: boolean;
  active?: number[];
  zones?: (call: number) => PickerZone[];
  routes?: Record<string, unknown>;
}

/** The screen's calls; `active` answers GET /activeSites in turn (the last repeats). */
function stub({ emailEnabled = true, active = [0], zones, routes = {} }: StubOptions = {}) {
  let polls = 0;
  let zoneCalls = 0;
  return stubFetch({
    '/appConfig': { emailEnabled },
    '/userZones/demo': [{ ZoneSetupID: 1, ZoneNo: 1, ZoneName: 'Central Valley' }],
    '/zonesSites/demo/1': () => ({ RootResults: (zones ?? (() => zonesWith(() => null)))(zoneCalls++) }),
    '/activeSites/DTS/demo': () => active[Math.min(polls++, active.length - 1)],
    '/transfers/demo/latest/DTS': { RootResults: DONE },
    '/distributeToSites/demo': { RootResults: { TransferID: 7, Sites: 2 } },
    '/report/demo/pdf/invalidItemsPerSite': { pdf: 'conflicts' },
    '/hbsreport/dts/invalidItemsPerSite/demo': {
      RootResults: [{ SiteNo: 1, ID: '12', PackSize: 1, Description: 'X', Reason: 'no department' }],
    },
    '/report/demo/dts/pdf/preview': { pdf: 'preview' },
    '/hbsreport/dts/preview/demo': { RootResults: [row(2, 'B'), row(1, 'A', 'add'), row(2, 'C', 'delete')] },
    '/report/distributeToSites/demo/email': {
      RootResults: { fpath: 'preview.pdf', Message: 'Report was sent.' },
    },
    ...routes,
  });
}

const renderScreen = () => renderWithProviders(<DistributeToSites user="demo" />);
const button = (name: string) => screen.getByRole('button', { name });
const zone1 = () => screen.findByRole('checkbox', { name: 'Zone 1 - Central Valley' });
const NOTE =
  'Distributing all items overrides the existing CDB items, and unit costs are overridden at the CPB sites.';

describe('Distribute to Sites', () => {
  it('opens with modifications only, the note, nothing selected, the buttons off and nothing pending', async () => {
    stub();
    renderScreen();
    await zone1();
    expect(screen.getByRole('checkbox', { name: 'Distribute modifications only' })).toBeChecked();
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.getByText('No Sites are selected. Please select a zone to select sites for import.'),
    ).toBeInTheDocument();
    for (const name of ['Item Conflicts', 'Preview', 'Distribute']) expect(button(name)).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'E-mail Report' })).toBeDisabled();
    expect(await screen.findByText('No pending Distribute To Sites')).toBeInTheDocument();
  });

  it('E-mail Report is not offered when the server cannot send mail', async () => {
    const api = stub({ emailEnabled: false });
    renderScreen();
    await zone1();
    await waitFor(() => expect(api.callsTo('/appConfig')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'E-mail Report' })).toBeNull();
  });

  it('a selected site turns the buttons on; a full send warns and turns Preview off', async () => {
    stub();
    const { user } = renderScreen();
    await user.click(await zone1());
    for (const name of ['Item Conflicts', 'Preview', 'Distribute']) expect(button(name)).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'E-mail Report' })).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Distribute modifications only' }));
    expect(screen.getByRole('alert')).toHaveTextContent(NOTE);
    expect(button('Preview')).toBeDisabled();
    expect(button('E-mail Report')).toBeDisabled();
    expect(button('Item Conflicts')).toBeEnabled();
    expect(button('Distribute')).toBeEnabled();
  });

  it('Item Conflicts asks for the PDF of the chosen sites and shows it in the viewer', async () => {
    const api = stub();
    const { user } = renderScreen();
    await user.click(await zone1());
    await user.click(screen.getByRole('checkbox', { name: 'Distribute modifications only' }));
    await user.click(button('Item Conflicts'));
    expect(await screen.findByRole('dialog', { name: 'Item Conflicts' })).toHaveTextContent(
      /PDF of \d+ bytes/,
    );
    expect(api.callsTo('/report/demo/pdf/invalidItemsPerSite')[0]).toMatchObject<Partial<StubCall>>({
      method: 'POST',
      body: { sitenos: '1,2', bModsOnly: false },
    });
  });

  it('Item Conflicts with no conflict warns No Data to Report and opens no PDF', async () => {
    const api = stub({ routes: { '/hbsreport/dts/invalidItemsPerSite/demo': { RootResults: [] } } });
    const { user } = renderScreen();
    await user.click(await zone1());
    await user.click(button('Item Conflicts'));
    expect(await screen.findByText('No Data to Report')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Item Conflicts' })).toBeNull();
    expect(api.callsTo('/report/demo/pdf/invalidItemsPerSite')).toHaveLength(0);
  });

  it('Preview shows the PDF and the grid of the rows sorted by site, with the spec’s page sizes', async () => {
    const api = stub();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Site 2 - Modesto' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Site 1 - Fresno' }));
    await user.click(button('Preview'));
    const viewer = await screen.findByRole('dialog', { name: 'Distribute to Sites Preview' });
    expect(api.callsTo('/hbsreport/dts/preview/demo')[0].body).toEqual({ sitenos: '1,2', bModsOnly: true });
    expect(api.callsTo('/report/demo/dts/pdf/preview')[0].body).toEqual({ sitenos: '1,2', bModsOnly: true });
    await user.click(within(viewer).getByRole('button', { name: 'Close viewer' }));

    const region = screen.getByRole('region', { name: 'Distribute to Sites Preview' });
    expect(within(region).getByText('3 row(s), sorted by site')).toBeInTheDocument();
    expect(within(region).getByText('Site(s) 1, 2, modifications only')).toBeInTheDocument();
    await waitFor(() => expect(region.querySelectorAll('.ag-row')).toHaveLength(3));
    const ids = [...region.querySelectorAll('.ag-row')]
      .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
      .map((r) => r.querySelector('[col-id="ID"]')?.textContent);
    expect(ids).toEqual(['A', 'B', 'C']);
    expect(within(region).getAllByText('$1,234.50')).toHaveLength(3);
    expect(within(region).getByText('Add')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Export to CSV' })).toBeEnabled();
    expect(within(region).getByRole('button', { name: 'Export to PDF' })).toBeEnabled();
    const pageSize = within(region).getByRole('combobox', { name: 'Page Size' });
    expect(pageSize).toHaveTextContent('100');
    // Its list (100, 200, 300) opens as a positioned popup, which jsdom cannot lay out: the journey checks it.

    await user.click(within(region).getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByRole('region', { name: 'Distribute to Sites Preview' })).toBeNull();
  });

  it('Export to PDF downloads the preview of the sites shown, even after the selection changed', async () => {
    const api = stub();
    // jsdom has no object URLs: give URL the two functions for this test only.
    const created = vi.fn((_: Blob) => 'blob:dts-preview');
    const urls = URL as unknown as Record<string, unknown>;
    Object.assign(urls, { createObjectURL: created, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      delete urls.createObjectURL;
      delete urls.revokeObjectURL;
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Site 1 - Fresno' }));
    await user.click(button('Preview'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Distribute to Sites Preview' })).getByRole('button', {
        name: 'Close viewer',
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Site 2 - Modesto' }));
    const region = screen.getByRole('region', { name: 'Distribute to Sites Preview' });
    await user.click(within(region).getByRole('button', { name: 'Export to PDF' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const pdfCalls = api.callsTo('/report/demo/dts/pdf/preview');
    expect(pdfCalls).toHaveLength(2);
    expect(pdfCalls[1].body).toEqual({ sitenos: '1', bModsOnly: true });
  });

  it('a preview whose rows do not come shows the spec’s errors; the PDF still opens', async () => {
    stub({ routes: { '/hbsreport/dts/preview/demo': { ErrorMessage: 'plan failed' } } });
    const { user } = renderScreen();
    await user.click(await zone1());
    await user.click(button('Preview'));
    expect(await screen.findByRole('dialog', { name: 'Distribute to Sites Preview' })).toBeInTheDocument();
    expect(await screen.findByText('fn=onPreviewReport,status=200,error=plan failed')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Distribute to Sites Preview' });
    expect(within(region).getByRole('alert')).toHaveTextContent(
      'Data transfer Error - No data found. Please try reloading this window',
    );
  });

  it('a preview with nothing to send says No Data to Report', async () => {
    stub({ routes: { '/hbsreport/dts/preview/demo': { RootResults: [] } } });
    const { user } = renderScreen();
    await user.click(await zone1());
    await user.click(button('Preview'));
    const region = await screen.findByRole('region', { name: 'Distribute to Sites Preview' });
    expect(within(region).getByText('No Data to Report')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
  });

  it('E-mail Report posts the preview with the dialog’s form and says Report was sent.', async () => {
    const api = stub();
    const { user } = renderScreen();
    await user.click(await zone1());
    await user.click(await screen.findByRole('button', { name: 'E-mail Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail Report' });
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Distribute to Sites Preview, site(s) 1, 2',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Required.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), 'buyer@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Report was sent.')).toBeInTheDocument();
    expect(api.callsTo('/report/distributeToSites/demo/email')[0].body).toEqual({
      sitenos: '1,2',
      bModsOnly: true,
      report: 'preview',
      emailInfo: {
        to: 'buyer@example.com',
        cc: '',
        subject: 'Distribute to Sites Preview, site(s) 1, 2',
        text: '',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'E-mail Report' })).toBeNull());
  });

  it('a failed e-mail shows fn=emailReport and keeps the dialog open', async () => {
    stub({ routes: { '/report/distributeToSites/demo/email': { ErrorMessage: 'SMTP refused' } } });
    const { user } = renderScreen();
    await user.click(await zone1());
    await user.click(await screen.findByRole('button', { name: 'E-mail Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail Report' });
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), 'buyer@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('fn=emailReport,SMTP refused')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'E-mail Report' })).toBeInTheDocument();
  });

  it('Distribute starts the run, locks the screen, completes, and the site list shows the new file until confirmed', async () => {
    const api = stub({
      active: [0, 2, 0, 0],
      // 0: on opening; 1: right after the run (file sent, not confirmed); then confirmed.
      zones: (n) => zonesWith((no) => (n === 0 ? null : sent(`CPB${no}.xml`, n >= 2))),
    });
    const { user } = renderScreen();
    await user.click(await zone1());
    await user.click(button('Distribute'));

    await waitFor(() => expect(api.callsTo('/distributeToSites/demo')).toHaveLength(1));
    expect(api.callsTo('/distributeToSites/demo')[0].body).toEqual({ sitenos: '1,2', bModsOnly: true });
    const remaining = await screen.findByText('2 of 2 site(s) remaining');
    expect(remaining.closest('[role="status"]')).toHaveTextContent('Status: PENDING');
    expect(screen.getByRole('button', { name: 'Distribute In Progress' })).toBeDisabled();
    expect(button('Item Conflicts')).toBeDisabled();
    expect(button('Preview')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Site 1 - Fresno' })).toBeDisabled();

    expect(await screen.findByText('Done: 2 site(s).', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(button('Distribute')).toBeEnabled();
    expect(await screen.findByText('CPB1.xml')).toBeInTheDocument();
    expect(screen.getAllByText(/Not confirmed yet/)).toHaveLength(2);
    expect(screen.getByText('Waiting for the stores to confirm the new file…')).toBeInTheDocument();

    await waitFor(() => expect(screen.getAllByText(/Confirmed by the store/)).toHaveLength(2), {
      timeout: 5_000,
    });
    expect(screen.queryByText('Waiting for the stores to confirm the new file…')).toBeNull();
    const reads = api.callsTo('/zonesSites/demo/1').length;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(api.callsTo('/zonesSites/demo/1')).toHaveLength(reads);
  });

  it('a start that fails shows the spec error and leaves Distribute usable', async () => {
    stub({ routes: { '/distributeToSites/demo': { ErrorMessage: 'sitenos: no site number 2.' } } });
    const { user } = renderScreen();
    await user.click(await zone1());
    await user.click(button('Distribute'));
    expect(
      await screen.findByText('Error encountered,status=200,msg=sitenos: no site number 2.', {
        selector: '[role="alert"]',
      }),
    ).toBeInTheDocument();
    expect(button('Distribute')).toBeEnabled();
  });
});
