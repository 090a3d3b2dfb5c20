import { COST_SCALE, fromMinor, setCostSchema } from '@cpb/domain';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import type { DialogProps } from '../../../shared/batch/dialogProps';

/** Set Cost: the new UnitCost of every selected item, sent with 4 decimals. */
export function SetCostDialog(props: DialogProps) {
  const { t } = useTranslation();
  const [cost, setCost] = useState('');
  const parsed = setCostSchema.safeParse({ UnitCost: cost });
  const error = cost.trim() !== '' && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_cost')}
      canSubmit={parsed.success}
      body={() => (parsed.success ? { UnitCost: fromMinor(parsed.data.UnitCost, COST_SCALE) } : {})}
    >
      <TextInput
        label={t('itemAdjust.col.UnitCost')}
        value={cost}
        onChange={(e) => setCost(e.currentTarget.value)}
        error={error}
        w={200}
        data-autofocus
      />
    </BatchDialog>
  );
}
