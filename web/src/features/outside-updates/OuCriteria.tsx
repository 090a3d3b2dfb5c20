import { Group, Paper, Select, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Zone } from '../../shared/queries';
import { OU_FILTERS, type OuFilter } from './model/types';
import { LegendList, ValueLegend } from './ValueLegend';

const FILTER_LABEL = {
  default: 'outsideUpd.filterDefault',
  hide: 'outsideUpd.filterHide',
  show: 'outsideUpd.filterShow',
  cost: 'outsideUpd.filterCost',
  list: 'outsideUpd.filterList',
} as const;

/** The impact legend (spec §2): each action's colour as the rows show it. */
export function ImpactLegend() {
  const { t } = useTranslation();
  const entries = [
    ['new', 'outsideUpd.legendNew'],
    ['noaction', 'outsideUpd.legendNoAction'],
    ['coverage', 'outsideUpd.legendCoverage'],
    ['accept', 'outsideUpd.legendAccept'],
    ['synch', 'outsideUpd.legendSynch'],
    ['reject', 'outsideUpd.legendReject'],
  ] as const;
  return (
    <LegendList
      label={t('outsideUpd.legend')}
      className="ou-impact-legend"
      entries={entries.map(([kind, text]) => ({
        key: kind,
        mark: <span aria-hidden className={`ou-swatch ou-swatch-${kind}`} />,
        text: t(text),
      }))}
    />
  );
}

/**
 * The collapsible criteria panel: the zone (from the shell's picker), the filter selector, the legend.
 * Folded (the screen folds it once the zone's list is shown, issue 25), its header line sums up the
 * zone and the filter and keeps the legend in view.
 */
export function OuCriteria({
  zone,
  filter,
  onFilter,
  extra,
  open,
  onOpenChange,
}: {
  zone: Zone | null;
  filter: OuFilter;
  onFilter: (f: OuFilter) => void;
  /** More controls of the panel (the auto-accept rules' button). */
  extra?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const zoneText = zone
    ? t('outsideUpd.zoneValue', { no: String(zone.ZoneNo), name: zone.ZoneName })
    : t('outsideUpd.noZone');
  return (
    <Paper withBorder radius="sm" mb="xs">
      <Group justify="space-between" wrap="nowrap" gap="md" pr={open ? 0 : 'md'}>
        <UnstyledButton
          onClick={() => onOpenChange(!open)}
          aria-expanded={open}
          aria-controls="ou-criteria"
          px="md"
          py={6}
          style={{ flex: open ? 1 : '0 1 auto', minWidth: 0 }}
        >
          <Group gap={6} wrap="nowrap">
            <Text aria-hidden size="sm">
              {open ? '▾' : '▸'}
            </Text>
            <Text fw={600} size="sm" style={{ flexShrink: 0 }}>
              {t('outsideUpd.criteria')}
            </Text>
            {!open && (
              <Text size="sm" c="dimmed" truncate="end" ml="sm" data-testid="ou-criteria-summary">
                {`${t('outsideUpd.zone')}: ${zoneText} · ${t('outsideUpd.filter')}: ${t(FILTER_LABEL[filter])}`}
              </Text>
            )}
          </Group>
        </UnstyledButton>
        {!open && <ImpactLegend />}
      </Group>
      {open && (
        <Group id="ou-criteria" px="md" pb="sm" gap="xl" align="flex-end" wrap="wrap">
          <div>
            <Text size="sm" fw={500}>
              {t('outsideUpd.zone')}
            </Text>
            <Text size="sm" data-testid="ou-zone">
              {zoneText}
            </Text>
          </div>
          <Select
            label={t('outsideUpd.filter')}
            size="xs"
            w={240}
            allowDeselect={false}
            value={filter}
            onChange={(v) => v && onFilter(v as OuFilter)}
            data={OU_FILTERS.map((f) => ({ value: f, label: t(FILTER_LABEL[f]) }))}
          />
          {extra}
          <Group gap="xl" wrap="wrap">
            <ImpactLegend />
            <ValueLegend />
          </Group>
        </Group>
      )}
    </Paper>
  );
}
