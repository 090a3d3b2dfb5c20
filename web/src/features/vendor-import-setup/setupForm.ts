import type { UpdateVendorImportSetupBody, VendorImportSetupRow } from '@cpb/domain';

/** The form's values (spec entity: src {SourceType, Site, FileMask, Label, Vendor}, dest {CDBZone, CDBVendorID}). */
export interface SetupFormValues {
  src: { SourceType: string; Site: string; FileMask: string; Label: string; Vendor: string };
  dest: { CDBZone: string; CDBVendorID: string };
}

export const EMPTY_SETUP: SetupFormValues = {
  src: { SourceType: '', Site: '', FileMask: '', Label: '', Vendor: '' },
  dest: { CDBZone: '', CDBVendorID: '' },
};

/** A grid row as the update call's payload (its MasterID and the form it stands for). */
export const rowToUpdate = (r: VendorImportSetupRow): UpdateVendorImportSetupBody => ({
  MasterID: r.MasterID,
  src: {
    SourceType: r.SourceType,
    Site: String(r.SiteNoInt),
    FileMask: r.FileMask,
    Label: r.Vendor,
    Vendor: r.VendorZone,
  },
  dest: { CDBZone: String(r.CDBZone), CDBVendorID: r.CDBVendorID },
});
