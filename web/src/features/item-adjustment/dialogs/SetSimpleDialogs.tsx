import { canSubmit, setInactiveSchema, setVendorSchema } from '@cpb/domain';
import { Checkbox, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import type { Vendor } from '../types';

/** Set Vendor: the vendor of every selected item (gated by the ApplyVendor preference). */
export function SetVendorDialog({ vendors, ...props }: DialogProps & { vendors: readonly Vendor[] }) {
  const { t } = useTranslation();
  const [vendor, setVendor] = useState<string | null>(null);
  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_vendor')}
      canSubmit={canSubmit(setVendorSchema, { vendor })}
      body={() => ({ vendorid: vendor })}
    >
      <Select
        label={t('itemAdjust.col.VendorId')}
        data={vendors.map((v) => ({ value: v.VendorID, label: v.Text }))}
        value={vendor}
        onChange={setVendor}
        searchable
        limit={20}
      />
    </BatchDialog>
  );
}

/** Set Inactive: the inactive flag of every selected item. */
export function SetInactiveDialog(props: DialogProps) {
  const { t } = useTranslation();
  const [inactive, setInactive] = useState(true);
  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_inactive')}
      canSubmit={canSubmit(setInactiveSchema, { inactive })}
      body={() => ({ flag: inactive })}
    >
      <Checkbox
        label={t('itemAdjust.inactive')}
        checked={inactive}
        onChange={(e) => setInactive(e.currentTarget.checked)}
      />
    </BatchDialog>
  );
}
