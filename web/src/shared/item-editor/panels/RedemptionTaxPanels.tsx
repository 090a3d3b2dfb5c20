/** Redemption and tax group choices, each with its 'no ...' checkbox that clears the choice. */

import type { Redemption, TaxGroup } from '@cpb/domain';
import { Checkbox, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftBinding } from './draftBinding';

/** Choice limits (spec §9): redemption 20, tax group 50. */
const REDEMPTION_LIMIT = 20;
const TAX_GROUP_LIMIT = 50;

export function RedemptionPanel({ b, redemptions }: { b: DraftBinding; redemptions: Redemption[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Select
        label={t('itemForm.redemption')}
        data={redemptions.map((r) => ({ value: String(r.ID), label: r.DisplayValue }))}
        value={b.draft.CrvID}
        onChange={(v) => b.update({ CrvID: v })}
        searchable
        clearable
        limit={REDEMPTION_LIMIT}
        disabled={b.disabled}
        error={b.errors.CrvID}
      />
      <Checkbox
        label={t('itemForm.noRedemption')}
        checked={b.draft.CrvID === null}
        disabled={b.disabled}
        onChange={(e) => {
          if (e.currentTarget.checked) b.update({ CrvID: null });
        }}
      />
    </Stack>
  );
}

export function TaxGroupPanel({ b, taxGroups }: { b: DraftBinding; taxGroups: TaxGroup[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Select
        label={t('itemForm.taxGroup')}
        data={taxGroups.map((g) => ({ value: String(g.ID), label: g.DisplayName }))}
        value={b.draft.TaxGroupId}
        onChange={(v) => b.update({ TaxGroupId: v })}
        searchable
        clearable
        limit={TAX_GROUP_LIMIT}
        disabled={b.disabled}
        error={b.errors.TaxGroupId}
      />
      <Checkbox
        label={t('itemForm.noTaxGroup')}
        checked={b.draft.TaxGroupId === null}
        disabled={b.disabled}
        onChange={(e) => {
          if (e.currentTarget.checked) b.update({ TaxGroupId: null });
        }}
      />
    </Stack>
  );
}
