/** Vendor item numbers of the item ('Add Vendors / Item #s'; ApplyVendor preference). */

import type { Vendor } from '@cpb/domain';
import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VendorRow } from '../model/itemTypes';
import type { DraftBinding, ItemPerms } from './draftBinding';
import { RowTable } from './RowTable';

/** Vendor picker in the item editor (spec §9: 25). */
const VENDOR_PICKER_LIMIT = 25;

export function VendorsPanel({
  b,
  perms,
  vendors,
}: {
  b: DraftBinding;
  perms: ItemPerms;
  vendors: Vendor[];
}) {
  const { t } = useTranslation();
  const rows = b.draft.Vendors;
  const disabled = b.disabled || !perms.applyVendor;
  const set = (i: number, p: Partial<VendorRow>) =>
    b.update({ Vendors: rows.map((r, j) => (j === i ? { ...r, ...p } : r)) });
  const data = vendors.map((v) => ({ value: v.VendorID, label: v.Text }));
  return (
    <Stack gap="xs" title={perms.applyVendor ? undefined : t('itemForm.notAllowed')}>
      <Text size="sm" fw={600}>
        {t('itemForm.vendors')}
      </Text>
      <RowTable
        label={t('itemForm.vendors')}
        headers={[t('itemForm.vendor'), t('itemForm.vendorItem')]}
        disabled={disabled}
        onRemove={(i) => b.update({ Vendors: rows.filter((_, j) => j !== i) })}
        removeLabel={(i) => t('itemForm.remove', { what: rows[i].VendorID || t('itemForm.vendor') })}
        rows={rows.map((r, i) => [
          <Select
            key="v"
            aria-label={t('itemForm.vendor')}
            data={data}
            value={r.VendorID || null}
            onChange={(v) => set(i, { VendorID: v ?? '' })}
            searchable
            limit={VENDOR_PICKER_LIMIT}
            disabled={disabled}
            error={b.errors[`Vendors.${i}.VendorID`]}
            w={240}
          />,
          <TextInput
            key="n"
            aria-label={t('itemForm.vendorItem')}
            value={r.VendorItem}
            onChange={(e) => set(i, { VendorItem: e.currentTarget.value })}
            disabled={disabled}
            error={b.errors[`Vendors.${i}.VendorItem`]}
          />,
        ])}
      />
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        disabled={disabled}
        onClick={() => b.update({ Vendors: [...rows, { VendorID: '', VendorItem: '' }] })}
      >
        {t('itemForm.addVendor')}
      </Button>
    </Stack>
  );
}
