import { Coverage, type CoverageState } from '@cpb/domain';
import { Anchor, Button, Group, Loader, Modal, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { helpPath } from '../../../shared/states';
import { coverageQuery } from '../queries';
import type { SelectedItem } from '../types';
import { CoverageLegend, CoverageTile } from './CoverageTile';
import { clickSite, clickZone, coverageList, coverageModel } from './coverageState';

/**
 * The Site/Zone Coverage dialog (spec part 1 §2.4, §4): zone tiles and site tiles; hovering a
 * zone highlights its sites; clicks move coverage by the domain's rules, a zone click
 * spreading to the zones its sites impact. OK hands the coverage to the page for the next
 * batch call; "Send to selected sites" sends the items to the chosen sites now.
 */
export function CoverageDialog({
  user,
  zoneId,
  items,
  busy,
  onClose,
  onApply,
  onSend,
}: {
  user: string;
  zoneId: number;
  items: SelectedItem[];
  busy: boolean;
  onClose: () => void;
  onApply: (coverage: number[]) => void;
  onSend: (siteIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const data = useQuery(coverageQuery(user, zoneId, items));
  const model = useMemo(() => (data.data ? coverageModel(data.data) : null), [data.data]);
  const [state, setState] = useState<CoverageState | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  useEffect(() => setState(model?.original ?? null), [model]);
  const highlighted = new Set(data.data?.Zones.find((z) => z.ZoneSetupID === hovered)?.SiteIDs ?? []);
  const list = state ? coverageList(state) : [];
  const sendTo = list.filter((id) => id > 0);

  return (
    <Modal opened onClose={onClose} title={t('itemAdjust.coverage.title')} size="xl">
      {!data.data || !state || !model ? (
        <Group gap="xs" py="md">
          <Loader size="sm" />
          <Text size="sm">{t('LOADING_PLEASE_WAIT')}</Text>
        </Group>
      ) : (
        <ScrollArea.Autosize mah={500} type="auto">
          <Stack gap="md">
            <div>
              <Title order={4} size="h5" mb={6}>
                {t('itemAdjust.coverage.zones')}
              </Title>
              <Group gap="xs">
                {data.data.Zones.map((z) => (
                  <Tooltip key={z.ZoneSetupID} label={`${z.ZoneNo} - ${z.ZoneName}`}>
                    <CoverageTile
                      coverage={state.zones[z.ZoneSetupID] ?? Coverage.NoChange}
                      text={String(z.ZoneNo)}
                      label={t('itemAdjust.coverage.zoneTile', { zone: `${z.ZoneNo} - ${z.ZoneName}` })}
                      onClick={() => setState(clickZone(state, model, z.ZoneSetupID))}
                      onMouseEnter={() => setHovered(z.ZoneSetupID)}
                      onMouseLeave={() => setHovered(null)}
                    />
                  </Tooltip>
                ))}
              </Group>
            </div>
            <div>
              <Title order={4} size="h5" mb={6}>
                {t('itemAdjust.coverage.sites')}
              </Title>
              <Group gap="xs">
                {data.data.ZoneSites.map((s) => (
                  <CoverageTile
                    key={s.SetupID}
                    wide
                    coverage={state.sites[s.SetupID] ?? Coverage.NoChange}
                    text={`${s.SiteNo} - ${s.SiteName}`}
                    label={t('itemAdjust.coverage.siteTile', { site: `${s.SiteNo} - ${s.SiteName}` })}
                    highlighted={highlighted.has(s.SetupID)}
                    onClick={() => setState(clickSite(state, model, s.SetupID))}
                  />
                ))}
              </Group>
            </div>
            <CoverageLegend />
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group justify="space-between" mt="lg">
        <Anchor href={helpPath('main.itemAdjust')} target="_blank" rel="noreferrer" size="sm">
          {t('shell.helpLink')}
        </Anchor>
        <Group gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('itemAdjust.cancel')}
          </Button>
          <Button
            variant="light"
            onClick={() => onSend(sendTo)}
            disabled={!state || sendTo.length === 0}
            loading={busy}
          >
            {t('itemAdjust.coverage.send')}
          </Button>
          <Button onClick={() => onApply(list)} disabled={!state || busy}>
            {t('itemAdjust.ok')}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
