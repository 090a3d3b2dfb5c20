import { setRedemptionSchema, setTaxGroupSchema } from '@cpb/domain';
import { Checkbox, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import { useBatchForm } from '../../../shared/batch/useBatchForm';
import type { Redemption, TaxGroup } from '../types';

/** A lookup choice with its "no ..." box, which clears the selection (spec part 1 §5). */
function LookupChoice(props: {
  label: string;
  noneLabel: string;
  data: { value: string; label: string }[];
  value: string | null;
  none: boolean;
  onChange: (value: string | null, none: boolean) => void;
}) {
  return (
    <Stack gap="sm">
      <Select
        label={props.label}
        data={props.data}
        value={props.value}
        onChange={(v) => props.onChange(v, false)}
        disabled={props.none}
        searchable
        limit={50}
      />
      <Checkbox
        label={props.noneLabel}
        checked={props.none}
        onChange={(e) => props.onChange(null, e.currentTarget.checked)}
      />
    </Stack>
  );
}

/** Set Redemption: a redemption, or 'no redemption' (crvId null). */
export function SetRedemptionDialog({
  redemptions,
  ...props
}: DialogProps & { redemptions: readonly Redemption[] }) {
  const { t } = useTranslation();
  const { form, values, parsed, canSubmit } = useBatchForm(setRedemptionSchema, {
    redemption: null as string | null,
    noredemption: false,
  });
  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_redemptions')}
      canSubmit={canSubmit}
      body={() => (parsed.success ? { crvId: parsed.data.crvId } : {})}
    >
      <LookupChoice
        label={t('itemAdjust.col.CrvID')}
        noneLabel={t('itemAdjust.noRedemption')}
        data={redemptions.map((r) => ({ value: String(r.ID), label: r.DisplayValue }))}
        value={values.redemption}
        none={values.noredemption}
        onChange={(redemption, noredemption) => form.setValues({ redemption, noredemption })}
      />
    </BatchDialog>
  );
}

/** Set Tax Group: a tax group, or 'no tax group' (TaxGroupId null). */
export function SetTaxGroupDialog({ taxGroups, ...props }: DialogProps & { taxGroups: readonly TaxGroup[] }) {
  const { t } = useTranslation();
  const { form, values, parsed, canSubmit } = useBatchForm(setTaxGroupSchema, {
    TaxGroupIdDisplay: null as string | null,
    notaxgroup: false,
  });
  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_taxgroup')}
      canSubmit={canSubmit}
      body={() => (parsed.success ? { TaxGroupId: parsed.data.taxGroupId } : {})}
    >
      <LookupChoice
        label={t('itemAdjust.col.TaxGroupId')}
        noneLabel={t('itemAdjust.noTaxGroup')}
        data={taxGroups.map((g) => ({ value: String(g.ID), label: g.DisplayName }))}
        value={values.TaxGroupIdDisplay}
        none={values.notaxgroup}
        onChange={(TaxGroupIdDisplay, notaxgroup) => form.setValues({ TaxGroupIdDisplay, notaxgroup })}
      />
    </BatchDialog>
  );
}
