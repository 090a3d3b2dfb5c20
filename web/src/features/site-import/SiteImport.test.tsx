import type { PickerZone, TransferStatus } from '@cpb/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/render';
import { SiteImport } from './SiteImport';

const site = (no: number, name: string) => ({
  SetupID: no,
  SiteNo: no,
  SiteName: name,
  LastDistribution:
    no === 1 ? { File: 'CPB0001.xml', At: '2026-11-20T10:00:00.000Z', Confirmed: true, Refused: 2 } : null,
  LastImport: null,
});

const ZONES: PickerZone[] = [
  {
    ZoneSetupID: 1,
    ZoneNo: 1,
    ZoneName: 'Central Valley',
    CurZoneName: 'Central Valley',
    CurZoneNum: 1,
    ZoneSites: [site(1, 'Fresno'), site(2, 'Modesto')],
  },
  {
    ZoneSetupID: 2,
    ZoneNo: 2,
    ZoneName: 'Coast',
    CurZoneName: 'Central Valley',
    CurZoneNum: 1,
    ZoneSites: [site(3, 'Monterey')],
  },
];

const DONE: TransferStatus = {
  TransferID: 9,
  ProcessType: 'Site Import',
  Status: 'DONE',
  Total: 2,
  Remaining: 0,
  Message: 'Site Import Complete.',
  Sites: [
    { SiteNo: 1, Status: 'DONE', Error: null, Result: null },
    { SiteNo: 2, Status: 'DONE', Error: null, Result: null },
  ],
};

/** The screen's calls; `active` answers GET /activeSites in turn (the last answer repeats). */
function stub(active: number[] = [0], latest: TransferStatus = DONE) {
  let polls = 0;
  return stubFetch({
    '/userZones/demo': [{ ZoneSetupID: 1, ZoneNo: 1, ZoneName: 'Central Valley' }],
    '/zonesSites/demo/1': { RootResults: ZONES },
    '/refreshUserZones/demo/1': { RootResults: ZONES },
    '/activeSites/Site%20Import/demo': () => active[Math.min(polls++, active.length - 1)],
    '/transfers/demo/latest/Site%20Import': { RootResults: latest },
    '/importSelectedSites/demo': { RootResults: { TransferID: 9, Sites: 2 } },
  });
}

function renderScreen() {
  return renderWithProviders(
    <Routes>
      <Route path="/setup/sitesImport" element={<SiteImport user="demo" />} />
      <Route path="/adjust/outsideUpd" element={<p>Outside Updates screen</p>} />
      <Route path="/adjust/itemAdjust" element={<p>Item Adjustment screen</p>} />
    </Routes>,
    { route: '/setup/sitesImport' },
  );
}

const submit = () => screen.getByRole('button', { name: 'Submit' });
const refresh = () => screen.getByRole('button', { name: 'Refresh Zones' });

describe('Site Import', () => {
  it('opens with no site selected: the spec message, Submit off, Refresh Zones on, nothing pending', async () => {
    stub();
    renderScreen();
    expect(await screen.findByRole('checkbox', { name: 'Zone 1 - Central Valley' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Site 2 - Modesto' })).not.toBeChecked();
    expect(screen.getByText('CPB0001.xml')).toBeInTheDocument();
    expect(screen.getByText(/Confirmed by the store; 2 refused/)).toBeInTheDocument();
    // Before the user has done anything the spec's text is a hint, not an error.
    expect(
      screen.getByText('No Sites are selected. Please select a zone to select sites for import.'),
    ).toHaveAttribute('data-state', 'hint');
    expect(submit()).toBeDisabled();
    expect(refresh()).toBeEnabled();
    expect(await screen.findByText('No pending Site Imports')).toBeInTheDocument();
  });

  it('checking a zone selects its sites; Submit turns on and Refresh Zones off', async () => {
    stub();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Zone 1 - Central Valley' }));
    expect(screen.getByRole('checkbox', { name: 'Site 1 - Fresno' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Site 2 - Modesto' })).toBeChecked();
    expect(
      screen.getByText('Sites are selected. Please select a zone to select sites for import.'),
    ).toBeInTheDocument();
    expect(submit()).toBeEnabled();
    expect(refresh()).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Site 1 - Fresno' }));
    const zone = screen.getByRole('checkbox', { name: 'Zone 1 - Central Valley' });
    expect(zone).not.toBeChecked();
    expect(zone).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Site 2 - Modesto' }));
    expect(submit()).toBeDisabled();
    // Every site cleared by the user: now it is an error.
    expect(
      screen.getByText('No Sites are selected. Please select a zone to select sites for import.'),
    ).toHaveAttribute('data-state', 'error');
  });

  it('the other zone lists its own sites', async () => {
    stub();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Show the sites of Zone 2 - Coast' }));
    const table = screen.getByRole('table', { name: 'Sites of Zone 2 - Coast' });
    expect(within(table).getByRole('checkbox', { name: 'Site 3 - Monterey' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Site 1 - Fresno' })).toBeNull();
  });

  it('build master hides modified-only and warns; unchecking distribute or modified-only warns', async () => {
    stub();
    const { user } = renderScreen();
    await screen.findByRole('checkbox', { name: 'Zone 1 - Central Valley' });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Modified items only' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Importing all items, not only the modified ones, is slower.',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Modified items only' }));

    await user.click(screen.getByRole('checkbox', { name: 'Bypass/build master' }));
    expect(screen.queryByRole('checkbox', { name: 'Modified items only' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(/imported items stay pending until distributed/);

    await user.click(screen.getByRole('checkbox', { name: 'Distribute to sites' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Without Distribute to Sites the sites keep their own values until the next distribution.',
      'Build master takes the site files as the new truth; the imported items stay pending until distributed.',
    ]);
  });

  it('Submit posts the choice, shows the status, completes and goes to Outside Updates', async () => {
    const api = stub([0, 2, 0, 0]);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Zone 1 - Central Valley' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'weekly');
    await user.click(submit());

    await waitFor(() => expect(api.callsTo('/importSelectedSites/demo')).toHaveLength(1));
    expect(api.callsTo('/importSelectedSites/demo')[0].body).toEqual({
      sitenos: '1,2',
      bBuildMaster: false,
      bDoDTS: true,
      bModifiedOnly: true,
      Notes: 'weekly',
    });
    const status = await screen.findByText('2 of 2 site(s) remaining');
    expect(status.closest('[role="status"]')).toHaveTextContent('Status: PENDING');
    expect(screen.getByRole('button', { name: 'Submit In Progress' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Site 1 - Fresno' })).toBeDisabled();

    expect(await screen.findByText('Site Import Complete.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByText('Outside Updates screen', {}, { timeout: 3_000 })).toBeInTheDocument();
  });

  it('after a build master it goes to Item Adjustment', async () => {
    const api = stub([0, 0]);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Site 2 - Modesto' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bypass/build master' }));
    await user.click(submit());
    await waitFor(() => expect(api.callsTo('/importSelectedSites/demo')).toHaveLength(1));
    expect(api.callsTo('/importSelectedSites/demo')[0].body).toMatchObject({
      sitenos: '2',
      bBuildMaster: true,
      bModifiedOnly: false,
    });
    expect(await screen.findByText('Item Adjustment screen', {}, { timeout: 6_000 })).toBeInTheDocument();
  });

  it('a run with failed sites shows Failed and each site error, and stays', async () => {
    stub([0, 0], {
      ...DONE,
      Status: 'FAILED',
      Sites: [
        { SiteNo: 1, Status: 'DONE', Error: null, Result: null },
        { SiteNo: 2, Status: 'FAILED', Error: 'no item file in from-site/', Result: null },
      ],
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Zone 1 - Central Valley' }));
    await user.click(submit());
    expect(await screen.findByText('Status: Failed', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Site 2: no item file in from-site/')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(screen.queryByText('Outside Updates screen')).toBeNull();
  });

  it('a run still going when the screen opens is watched: PENDING, remaining count, Submit off', async () => {
    stub([3], { ...DONE, Status: 'PENDING', Total: 4, Remaining: 3 });
    renderScreen();
    expect(await screen.findByText('3 of 4 site(s) remaining')).toBeInTheDocument();
    expect(screen.getByText('Status: PENDING')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sites done' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('button', { name: 'Submit In Progress' })).toBeDisabled();
    expect(screen.queryByText('No pending Site Imports')).toBeNull();
  });

  it('Refresh Zones reloads the picker and says how many zones and sites came', async () => {
    const api = stub();
    const { user } = renderScreen();
    await screen.findByRole('checkbox', { name: 'Zone 1 - Central Valley' });
    await user.click(refresh());
    expect(await screen.findByText('Success : 2 zones(s) & 3 sites(s) loaded.')).toBeInTheDocument();
    expect(api.callsTo('/refreshUserZones/demo/1')).toHaveLength(1);
  });

  it('a start that fails shows the spec error and leaves Submit usable', async () => {
    const api = stubFetch({
      '/userZones/demo': [{ ZoneSetupID: 1, ZoneNo: 1, ZoneName: 'Central Valley' }],
      '/zonesSites/demo/1': { RootResults: ZONES },
      '/activeSites/Site%20Import/demo': 0,
      '/importSelectedSites/demo': { ErrorMessage: 'sitenos: no site 2.' },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Site 2 - Modesto' }));
    await user.click(submit());
    expect(
      await screen.findByText('Error encountered,status=200,msg=sitenos: no site 2.', {
        selector: '[role="alert"]',
      }),
    ).toBeInTheDocument();
    expect(submit()).toBeEnabled();
    expect(api.callsTo('/transfers/')).toHaveLength(0);
  });
});
