import {
  COST_SCALE,
  defaultCloneExpiration,
  formatUsDate,
  fromMinor,
  negotiatedCostSchema,
  parseDateInput,
} from '@cpb/domain';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import { type DialogProps, useBusinessToday } from '../../../shared/batch/dialogProps';
import { useBatchForm } from '../../../shared/batch/useBatchForm';
import type { NegCostTemplate, Vendor } from '../types';

type Form = {
  Template: string | null;
  NegCostLabel: string;
  ChangeAmount: string;
  VendorText: string | null;
  /** Dates as typed (MM/DD/YYYY). */
  EffectiveDateTime: string;
  ExpirationDateTime: string;
};

/**
 * Set Negotiated Cost: a negotiated cost (label, amount, vendor, effective and expiration date)
 * holding the selected items. Template lists the zone's negotiated costs; choosing one fills the
 * rest (spec part 2 §5). The expiration starts one month from today, the date the server would
 * otherwise choose, so the preview shows nothing the dialog did not ask for.
 */
export function SetNegotiatedCostDialog({
  vendors,
  templates,
  ...props
}: DialogProps & { vendors: readonly Vendor[]; templates: readonly NegCostTemplate[] }) {
  const { t } = useTranslation();
  const today = useBusinessToday();
  const { form, values, parsed, issue, canSubmit } = useBatchForm<Form, typeof negotiatedCostSchema>(
    negotiatedCostSchema,
    {
      Template: null,
      NegCostLabel: '',
      ChangeAmount: '',
      VendorText: null,
      EffectiveDateTime: '',
      ExpirationDateTime: formatUsDate(defaultCloneExpiration(today)),
    },
  );
  const amountError = values.ChangeAmount.trim() !== '' ? issue('ChangeAmount') : undefined;
  const chooseTemplate = (id: string | null) => {
    const tpl = templates.find((x) => String(x.NegCostID) === id);
    form.setValues(
      tpl
        ? {
            Template: id,
            NegCostLabel: tpl.Label,
            ChangeAmount: tpl.Cost,
            VendorText: tpl.VendorId,
            EffectiveDateTime: formatUsDate(tpl.CostEffectiveDateTime),
            ExpirationDateTime: formatUsDate(tpl.CostExpirationDateTime),
          }
        : { Template: null },
    );
  };

  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_negotiated_cost')}
      canSubmit={canSubmit}
      body={() =>
        parsed.success
          ? {
              Vendor: parsed.data.VendorText,
              NegCostLabel: parsed.data.NegCostLabel,
              ChangeAmount: fromMinor(parsed.data.ChangeAmount, COST_SCALE),
              strEffectiveDate: formatUsDate(parsed.data.EffectiveDateTime),
              strExpiredDate: parsed.data.ExpirationDateTime
                ? formatUsDate(parsed.data.ExpirationDateTime)
                : null,
            }
          : {}
      }
    >
      <Stack gap="sm">
        <Select
          label={t('itemAdjust.negCost.template')}
          data={templates.map((x) => ({ value: String(x.NegCostID), label: x.Text }))}
          value={values.Template}
          onChange={chooseTemplate}
          placeholder={templates.length ? undefined : t('itemAdjust.negCost.noTemplates')}
          disabled={templates.length === 0}
          clearable
          searchable
          limit={50}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label={t('itemAdjust.negCost.label')}
            {...form.getInputProps('NegCostLabel')}
            required
            data-autofocus
          />
          <TextInput
            label={t('itemAdjust.negCost.amount')}
            {...form.getInputProps('ChangeAmount')}
            error={amountError}
            required
          />
          <Select
            label={t('itemAdjust.col.VendorId')}
            data={vendors.map((v) => ({ value: v.VendorID, label: v.Text }))}
            {...form.getInputProps('VendorText')}
            searchable
            limit={20}
            placeholder={t('SELECT_VENDOR_PLACEHOLDER')}
            required
          />
          <DateField
            label={t('itemAdjust.price.effectiveDate')}
            value={values.EffectiveDateTime}
            onChange={(v) => form.setFieldValue('EffectiveDateTime', v)}
            required
          />
          <div />
          <DateField
            label={t('itemAdjust.negCost.expirationDate')}
            value={values.ExpirationDateTime}
            onChange={(v) => form.setFieldValue('ExpirationDateTime', v)}
            error={issue('ExpirationDateTime')}
            minDate={parseDateInput(values.EffectiveDateTime) ?? undefined}
          />
        </SimpleGrid>
      </Stack>
    </BatchDialog>
  );
}
