/**
 * Purchases: the item's vendor (ApplyVendor preference) and min on hand, max on hand and
 * minimum purchase quantity (MinMaxItemAdjust preference).
 */

import type { Vendor } from '@cpb/domain';
import { Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftBinding, ItemPerms } from './draftBinding';
import { ItemTextField } from './ItemTextField';

/** Vendor choices (spec §9: 20). */
export const VENDOR_LIMIT = 20;

export function MinMaxFields({ b, perms }: { b: DraftBinding; perms: ItemPerms }) {
  const { t } = useTranslation();
  const title = perms.minMax ? undefined : t('itemForm.notAllowed');
  return (
    <Group grow align="flex-start" gap="sm">
      <ItemTextField
        b={b}
        field="MinOnHand"
        label={t('itemForm.minOnHand')}
        disabled={!perms.minMax}
        title={title}
      />
      <ItemTextField
        b={b}
        field="MaxOnHand"
        label={t('itemForm.maxOnHand')}
        disabled={!perms.minMax}
        title={title}
      />
      <ItemTextField
        b={b}
        field="MinPurchaseQty"
        label={t('itemForm.minPurchaseQty')}
        disabled={!perms.minMax}
        title={title}
      />
    </Group>
  );
}

export function PurchasePanel({
  b,
  perms,
  vendors,
}: {
  b: DraftBinding;
  perms: ItemPerms;
  vendors: Vendor[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Select
        label={t('itemForm.vendor')}
        data={vendors.map((v) => ({ value: v.VendorID, label: v.Text }))}
        value={b.draft.VendorId}
        onChange={(v) => b.update({ VendorId: v })}
        searchable
        clearable
        limit={VENDOR_LIMIT}
        disabled={b.disabled || !perms.applyVendor}
        title={perms.applyVendor ? undefined : t('itemForm.notAllowed')}
        error={b.errors.VendorId}
      />
      <MinMaxFields b={b} perms={perms} />
    </Stack>
  );
}
