import { Group, Paper, Select, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Zone } from '../../shared/queries';
import { OU_FILTERS, type OuFilter } from './model/types';
import { ValueLegend } from './ValueLegend';

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
    <Group gap="sm" component="ul" aria-label={t('outsideUpd.legend')} className="ou-legend" wrap="wrap">
      {entries.map(([kind, label]) => (
        <Group key={kind} gap={6} component="li" wrap="nowrap">
          <span aria-hidden className={`ou-swatch ou-swatch-${kind}`} />
          <Text size="sm">{t(label)}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The collapsible criteria panel: the zone (from the shell's picker), the filter selector, the legend. */
export function OuCriteria({
  zone,
  filter,
  onFilter,
  extra,
}: {
  zone: Zone | null;
  filter: OuFilter;
  onFilter: (f: OuFilter) => void;
  /** More controls of the panel (the auto-accept rules' button). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Paper withBorder radius="sm" mb="xs">
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="ou-criteria"
        px="md"
        py={6}
        w="100%"
      >
        <Group gap={6}>
          <Text aria-hidden size="sm">
            {open ? '▾' : '▸'}
          </Text>
          <Text fw={600} size="sm">
            {t('outsideUpd.criteria')}
          </Text>
        </Group>
      </UnstyledButton>
      {open && (
        <Group id="ou-criteria" px="md" pb="sm" gap="xl" align="flex-end" wrap="wrap">
          <div>
            <Text size="sm" fw={500}>
              {t('outsideUpd.zone')}
            </Text>
            <Text size="sm" data-testid="ou-zone">
              {zone
                ? t('outsideUpd.zoneValue', { no: String(zone.ZoneNo), name: zone.ZoneName })
                : t('outsideUpd.noZone')}
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
