import { setInactiveSchema, setVendorSchema } from '@cpb/domain';
import { Checkbox, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import { useBatchForm } from '../../../shared/batch/useBatchForm';
import type { Vendor } from '../types';

/** Set Vendor: the vendor of every selected item (gated by the ApplyVendor preference). */
export function SetVendorDialog({ vendors, ...props }: DialogProps & { vendors: readonly Vendor[] }) {
  const { t } = useTranslation();
  const { form, parsed, canSubmit } = useBatchForm(setVendorSchema, { vendor: null as string | null });
  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_vendor')}
      canSubmit={canSubmit}
      body={() => (parsed.success ? { vendorid: parsed.data.vendor } : {})}
    >
      <Select
        label={t('itemAdjust.col.VendorId')}
        data={vendors.map((v) => ({ value: v.VendorID, label: v.Text }))}
        {...form.getInputProps('vendor')}
        searchable
        limit={20}
      />
    </BatchDialog>
  );
}

/** Set Inactive: the inactive flag of every selected item. */
export function SetInactiveDialog(props: DialogProps) {
  const { t } = useTranslation();
  const { form, parsed, canSubmit } = useBatchForm(setInactiveSchema, { inactive: true });
  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_inactive')}
      canSubmit={canSubmit}
      body={() => (parsed.success ? { flag: parsed.data.inactive } : {})}
    >
      <Checkbox label={t('itemAdjust.inactive')} {...form.getInputProps('inactive', { type: 'checkbox' })} />
    </BatchDialog>
  );
}
