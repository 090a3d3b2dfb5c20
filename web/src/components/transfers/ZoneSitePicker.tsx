import type { PickerZone } from '@cpb/domain';
import {
  Checkbox,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toggleSite, toggleZone, zoneCheckState } from './pickerSelection';
import { LastDistributionCell, LastImportCell } from './SiteCells';
import { usePickerZone, zonesSitesQuery } from './transferQueries';
import './zoneSitePicker.css';

export interface ZoneSitePickerProps {
  /** The signed-in user (path segment of /zonesSites). */
  user: string;
  /** The selected site numbers. */
  selected: number[];
  /** Called with the new selection (site numbers, ascending). */
  onChange: (siteNos: number[]) => void;
  /** Locks every checkbox (e.g. while a transfer runs). */
  disabled?: boolean;
}

/**
 * The zone tree and site list of Site Import and Distribute to Sites (spec section 2): checking a
 * zone selects or clears all its sites; the list shows the sites of the zone chosen in the tree,
 * each with its last distribution and last import. The message line under it tells whether sites
 * are selected (spec section 5).
 */
export function ZoneSitePicker({ user, selected, onChange, disabled = false }: ZoneSitePickerProps) {
  const { t } = useTranslation();
  const zone = usePickerZone(user);
  const zones = useQuery({ ...zonesSitesQuery(user, zone ?? ''), enabled: zone !== undefined });
  const [shownId, setShownId] = useState<number | null>(null);
  // The spec's "No Sites are selected..." is a hint until the user has checked or cleared a box,
  // an error (red) only after that (issue 25: not red before they have done anything).
  const [acted, setActed] = useState(false);
  const change = (siteNos: number[]) => {
    setActed(true);
    onChange(siteNos);
  };

  const list = zones.data ?? [];
  const shown =
    list.find((z) => z.ZoneSetupID === shownId) ??
    list.find((z) => z.ZoneNo === z.CurZoneNum && z.ZoneName === z.CurZoneName) ??
    list[0];

  return (
    <Stack gap="xs">
      <Group align="stretch" gap="md" wrap="nowrap" className="zone-site-picker">
        <Paper withBorder p="sm" radius="sm" className="zone-site-picker__zones">
          <Text fw={600} size="sm" mb="xs" id="zsp-zones">
            {t('transfers.zones')}
          </Text>
          {zones.isPending ? (
            <Loader size="sm" aria-label={t('LOADING_PLEASE_WAIT')} />
          ) : list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('transfers.noZones')}
            </Text>
          ) : (
            <Stack gap={4} role="group" aria-labelledby="zsp-zones">
              {list.map((z) => (
                <ZoneRow
                  key={z.ZoneSetupID}
                  zone={z}
                  selected={selected}
                  shown={z.ZoneSetupID === shown?.ZoneSetupID}
                  disabled={disabled}
                  onShow={() => setShownId(z.ZoneSetupID)}
                  onCheck={(checked) => {
                    // The site list follows the zone just checked, so the choice is visible.
                    setShownId(z.ZoneSetupID);
                    change(toggleZone(selected, z, checked));
                  }}
                />
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="sm" radius="sm" className="zone-site-picker__sites">
          {shown ? (
            <SiteTable
              zone={shown}
              selected={selected}
              disabled={disabled}
              onCheck={(siteNo, checked) => change(toggleSite(selected, siteNo, checked))}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('transfers.sites')}
            </Text>
          )}
        </Paper>
      </Group>
      <Text
        size="sm"
        fw={500}
        c={selected.length ? 'teal.9' : acted ? 'red.9' : 'dimmed'}
        data-state={selected.length ? 'ok' : acted ? 'error' : 'hint'}
        aria-live="polite"
      >
        {selected.length ? t('SITES_SELECTED') : t('NO_SITES_SELECTED')}
      </Text>
    </Stack>
  );
}

interface ZoneRowProps {
  zone: PickerZone;
  selected: number[];
  shown: boolean;
  disabled: boolean;
  onShow: () => void;
  onCheck: (checked: boolean) => void;
}

/** A zone of the tree: its checkbox (all, some or none of its sites) and the button that lists its sites. */
function ZoneRow({ zone, selected, shown, disabled, onShow, onCheck }: ZoneRowProps) {
  const { t } = useTranslation();
  const state = zoneCheckState(zone, selected);
  const names = { no: String(zone.ZoneNo), name: zone.ZoneName };
  const picked = zone.ZoneSites.filter((s) => selected.includes(s.SiteNo)).length;
  return (
    <Group gap="xs" wrap="nowrap" className="zone-site-picker__zone" data-shown={shown || undefined}>
      <Checkbox
        label={t('transfers.zoneCheckbox', names)}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={disabled || zone.ZoneSites.length === 0}
        onChange={(e) => onCheck(e.currentTarget.checked)}
        styles={{ body: { alignItems: 'center' } }}
      />
      <UnstyledButton
        onClick={onShow}
        aria-pressed={shown}
        aria-label={t('transfers.showSites', names)}
        className="zone-site-picker__show"
      >
        <Text size="xs" c="dark.4">
          {t('transfers.selectedOfZone', { selected: String(picked), total: String(zone.ZoneSites.length) })}{' '}
          ›
        </Text>
      </UnstyledButton>
    </Group>
  );
}

interface SiteTableProps {
  zone: PickerZone;
  selected: number[];
  disabled: boolean;
  onCheck: (siteNo: number, checked: boolean) => void;
}

/** The sites of one zone, each with its checkbox, number, name, last distribution and last import. */
function SiteTable({ zone, selected, disabled, onCheck }: SiteTableProps) {
  const { t } = useTranslation();
  const caption = t('transfers.sitesOfZone', { no: String(zone.ZoneNo), name: zone.ZoneName });
  if (zone.ZoneSites.length === 0) {
    return (
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {caption}
        </Text>
        <Text size="sm" c="dimmed">
          {t('transfers.noSites')}
        </Text>
      </Stack>
    );
  }
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table striped highlightOnHover verticalSpacing={4} captionSide="top" stickyHeader>
        <Table.Caption className="zone-site-picker__caption">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <VisuallyHidden>{t('transfers.colSelect')}</VisuallyHidden>
            </Table.Th>
            <Table.Th w={56}>{t('transfers.colSite')}</Table.Th>
            <Table.Th>{t('transfers.colName')}</Table.Th>
            <Table.Th>{t('transfers.colLastDistribution')}</Table.Th>
            <Table.Th>{t('transfers.colLastImport')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {zone.ZoneSites.map((s) => (
            <Table.Tr key={s.SiteNo}>
              <Table.Td>
                <Checkbox
                  aria-label={t('transfers.siteCheckbox', { no: String(s.SiteNo), name: s.SiteName })}
                  checked={selected.includes(s.SiteNo)}
                  disabled={disabled}
                  onChange={(e) => onCheck(s.SiteNo, e.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>{s.SiteNo}</Table.Td>
              <Table.Td>{s.SiteName}</Table.Td>
              <Table.Td>
                <LastDistributionCell site={s} />
              </Table.Td>
              <Table.Td>
                <LastImportCell site={s} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
