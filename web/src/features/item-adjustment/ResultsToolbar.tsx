import { can, departmentBatchEnabled, formatNumber } from '@cpb/domain';
import { Badge, Checkbox, CloseButton, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchKind } from './batchCalls';
import { OverflowToolbar } from './OverflowToolbar';
import type { GridRow } from './types';

/** The batch buttons in the spec's order (part 1 §2.3). */
const BUTTONS: readonly BatchKind[] = [
  'set_price',
  'set_cost',
  'set_negotiated_cost',
  'set_redemptions',
  'set_taxgroup',
  'set_department',
  'set_itemgroup',
  'set_vendor',
  'set_minmax',
  'set_inactive',
];

/**
 * Which batch buttons a selection enables: any selection; price unless every row is type X;
 * department when all rows share one InvType; cost, item group, vendor and min/max by the
 * user's preference flags.
 */
export function enabledBatches(
  selected: readonly GridRow[],
  mask: number,
): Record<BatchKind | 'coverage', boolean> {
  const any = selected.length > 0;
  return {
    set_price: any && !selected.every((r) => r.InvType === 'X'),
    set_cost: any && can.updateUnitCost(mask),
    set_negotiated_cost: any,
    set_redemptions: any,
    set_taxgroup: any,
    set_department: departmentBatchEnabled(selected),
    set_itemgroup: any && can.maintainItemGroups(mask),
    set_vendor: any && can.applyVendor(mask),
    set_minmax: any && can.minMaxInItemAdjust(mask),
    set_inactive: any,
    coverage: any,
  };
}

export function ResultsToolbar({
  total,
  selected,
  mask,
  divergentOnly,
  coverage,
  onDivergentOnly,
  onBatch,
  onCoverage,
  onClearCoverage,
  extra,
}: {
  total: number | null;
  selected: readonly GridRow[];
  mask: number;
  divergentOnly: boolean;
  coverage: number[] | null;
  onDivergentOnly: (on: boolean) => void;
  onBatch: (kind: BatchKind) => void;
  onCoverage: () => void;
  onClearCoverage: () => void;
  /** More of the screen on the count's line, at its right end (Undo, the pages): one line less above the grid. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const enabled = enabledBatches(selected, mask);
  const removed = coverage?.filter((s) => s < 0).length ?? 0;
  return (
    <>
      <Group justify="space-between" mb={6} wrap="wrap" gap="xs">
        <Group gap="lg">
          <Text size="sm" fw={600} data-testid="item-count">
            {t('itemAdjust.itemCount', {
              total: total === null ? '–' : formatNumber(total, navigator.language),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('itemAdjust.selectedCount', { n: String(selected.length) })}
          </Text>
          <Checkbox
            size="sm"
            label={t('itemAdjust.divergentOnly')}
            checked={divergentOnly}
            onChange={(e) => onDivergentOnly(e.currentTarget.checked)}
          />
        </Group>
        <Group gap="md">
          {coverage && (
            <Badge
              // Outline: the light teal's text was below the contrast minimum (axe, 4.32:1).
              variant="outline"
              color="teal.9"
              size="lg"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('itemAdjust.coverage.clear')}
                  onClick={onClearCoverage}
                />
              }
            >
              {t('itemAdjust.coverage.badge', {
                update: String(coverage.length - removed),
                remove: String(removed),
              })}
            </Badge>
          )}
          {extra}
        </Group>
      </Group>
      <OverflowToolbar
        label={t('itemAdjust.batchToolbar')}
        actions={[
          ...BUTTONS.map((kind) => ({
            key: kind,
            label: t(`itemAdjust.batch.${kind}`),
            disabled: !enabled[kind],
            onClick: () => onBatch(kind),
          })),
          {
            key: 'coverage',
            label: t('itemAdjust.batch.coverage'),
            disabled: !enabled.coverage,
            onClick: onCoverage,
          },
        ]}
      />
    </>
  );
}
