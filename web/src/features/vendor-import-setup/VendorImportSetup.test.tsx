import type { VendorImportSetupRow } from '@cpb/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/render';
import { VendorImportSetup } from './VendorImportSetup';

const ROW: VendorImportSetupRow = {
  MasterID: 1,
  SourceType: 'COREMARK',
  SiteNo: '1',
  SiteNoInt: 1,
  FileMask: 'CM*.832',
  Vendor: 'Core-Mark weekly costs',
  VendorID: 'COREMARK',
  VendorZone: 'CM-WEST',
  CDBZone: 1,
  CDBZoneName: 'Central Valley',
  CDBZoneNo: 1,
  CDBZoneType: 'Price Book',
  CDBVendorID: 'COREMARK',
};

function stub() {
  return stubFetch({
    '/vendorImportSetup/demo': { RootResults: [ROW] },
    '/vendorImportTypes/demo': { RootResults: ['COREMARK', 'MCLANE'] },
    '/vendorImportZones/demo': { RootResults: [{ Text: 'CM-WEST', Value: 'CM-WEST' }] },
    '/userZones/demo': [{ ZoneSetupID: 1, ZoneNo: 1, ZoneName: 'Central Valley' }],
    '/zonesSites/demo/1': { RootResults: [] },
    '/vendors/demo': {
      RootResults: [{ VendorID: 'COREMARK', VendorName: 'Core-Mark', Text: 'COREMARK - Core-Mark' }],
    },
  });
}

describe('Vendor Import Setup', () => {
  it('loads the setups; Add stays off while the form is invalid; a short mask says Min. 3 characters', async () => {
    const fetches = stub();
    const { user } = renderWithProviders(<VendorImportSetup user="demo" />);
    expect(await screen.findByRole('region', { name: 'Vendor import setups' })).toBeInTheDocument();
    await waitFor(() => expect(fetches.callsTo('/vendorImportSetup/demo')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'File Mask' }), 'CM');
    expect(await screen.findByText('Min. 3 characters')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'File Mask' }), '*');
    await waitFor(() => expect(screen.queryByText('Min. 3 characters')).toBeNull());
    // The zone search waits for the import type and the site too: none was asked.
    expect(fetches.callsTo('/vendorImportZones/')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });
});
