import { formatNumber, makeSetMinMaxSchema, minMaxHints } from '@cpb/domain';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import { useBatchForm } from '../../../shared/batch/useBatchForm';
import type { AdjustItem } from '../types';

const FIELDS = [
  { key: 'minOnHand', item: 'MinOnHand', body: 'min_on_hand' },
  { key: 'maxOnHand', item: 'MaxOnHand', body: 'max_on_hand' },
  { key: 'minPurchaseQty', item: 'MinPurchaseQty', body: 'min_purchase_qty' },
] as const;

type Form = Record<(typeof FIELDS)[number]['key'], string>;

const EMPTY: Form = { minOnHand: '', maxOnHand: '', minPurchaseQty: '' };

/** The lowest and highest current value of a field across the selection (blank values ignored). */
function spread(items: readonly AdjustItem[], field: (typeof FIELDS)[number]['item']): string | null {
  const values = items.map((i) => i[field]).filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  return lo === hi ? formatNumber(lo) : `${formatNumber(lo)} – ${formatNumber(hi)}`;
}

/**
 * Set Min/Max: min on hand, max on hand and min purchase quantity (a blank box is no change),
 * with the range of each across the selected items and the limits that range sets.
 */
export function SetMinMaxDialog({ selected, ...props }: DialogProps & { selected: readonly AdjustItem[] }) {
  const { t } = useTranslation();
  const hints = useMemo(() => minMaxHints(selected), [selected]);
  // The limits come from the selected items' current values, so the schema is made for them.
  const schema = useMemo(() => makeSetMinMaxSchema(hints), [hints]);
  const { form, values, parsed, issue, canSubmit } = useBatchForm<Form, typeof schema>(schema, EMPTY);
  // No message until something is typed: an empty form only keeps OK disabled.
  const typed = Object.values(values).some((v) => v.trim() !== '');

  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_minmax')}
      canSubmit={canSubmit}
      body={() =>
        parsed.success
          ? {
              min_on_hand: parsed.data.minOnHand,
              max_on_hand: parsed.data.maxOnHand,
              min_purchase_qty: parsed.data.minPurchaseQty,
            }
          : {}
      }
    >
      <Stack gap="sm">
        {FIELDS.map((f) => (
          <Group key={f.key} gap="md" align="flex-start" wrap="nowrap">
            <TextInput
              label={t(`itemAdjust.col.${f.item}`)}
              {...form.getInputProps(f.key)}
              error={typed ? issue(f.key) : undefined}
              w={160}
            />
            <Text size="sm" c="dimmed" mt={28} data-testid={`range-${f.key}`}>
              {t('itemAdjust.minMax.range', {
                range: spread(selected, f.item) ?? t('itemAdjust.minMax.blank'),
              })}
            </Text>
          </Group>
        ))}
        {(hints.highestMin !== null || hints.lowestMax !== null) && (
          <Text size="xs" c="dimmed">
            {t('itemAdjust.minMax.limits', {
              min: String(hints.highestMin ?? '-'),
              max: String(hints.lowestMax ?? '-'),
            })}
          </Text>
        )}
      </Stack>
    </BatchDialog>
  );
}
