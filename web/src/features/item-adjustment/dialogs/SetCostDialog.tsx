import { COST_SCALE, fromMinor, setCostSchema } from '@cpb/domain';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import { useBatchForm } from '../../../shared/batch/useBatchForm';

/** Set Cost: the new UnitCost of every selected item, sent with 4 decimals. */
export function SetCostDialog(props: DialogProps) {
  const { t } = useTranslation();
  const { form, values, parsed, issue, canSubmit } = useBatchForm(setCostSchema, { UnitCost: '' });
  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_cost')}
      canSubmit={canSubmit}
      body={() => (parsed.success ? { UnitCost: fromMinor(parsed.data.UnitCost, COST_SCALE) } : {})}
    >
      <TextInput
        label={t('itemAdjust.col.UnitCost')}
        {...form.getInputProps('UnitCost')}
        // A blank box is not yet an error: OK stays disabled until it reads.
        error={values.UnitCost.trim() !== '' ? issue('UnitCost') : undefined}
        w={200}
        data-autofocus
      />
    </BatchDialog>
  );
}
