import { formatNumber, makeSetMinMaxSchema, minMaxHints } from '@cpb/domain';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import type { AdjustItem } from '../types';

const FIELDS = [
  { key: 'minOnHand', item: 'MinOnHand', body: 'min_on_hand' },
  { key: 'maxOnHand', item: 'MaxOnHand', body: 'max_on_hand' },
  { key: 'minPurchaseQty', item: 'MinPurchaseQty', body: 'min_purchase_qty' },
] as const;

type Form = Record<(typeof FIELDS)[number]['key'], string>;

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
  const [form, setForm] = useState<Form>({ minOnHand: '', maxOnHand: '', minPurchaseQty: '' });
  const hints = useMemo(() => minMaxHints(selected), [selected]);
  const schema = useMemo(() => makeSetMinMaxSchema(hints), [hints]);
  const parsed = schema.safeParse(form);
  const touched = Object.values(form).some((v) => v.trim() !== '');
  const errorOf = (key: string) =>
    touched ? parsed.error?.issues.find((i) => i.path[0] === key)?.message : undefined;

  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_minmax')}
      canSubmit={parsed.success}
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
              value={form[f.key]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setForm((s) => ({ ...s, [f.key]: value }));
              }}
              error={errorOf(f.key)}
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
