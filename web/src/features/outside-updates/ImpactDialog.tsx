import type { OuRoot } from '@cpb/domain';
import { Button, Group, List, Loader, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ouCoverageQuery } from './api';

/** Zone-Site Impact of one item: the zone's sites, the other zones an accept impacts, and the stores it came from. */
export function ImpactDialog({
  user,
  zoneId,
  root,
  onClose,
}: {
  user: string;
  zoneId: number;
  root: OuRoot;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const q = useQuery(ouCoverageQuery(user, zoneId, { ID: root.Idcode, PackSize: root.PackSize }));
  const data = q.data;
  const origins = new Set(data?.Origins.flatMap((o) => o.SetupIDs) ?? []);
  const none = <Text size="sm">{t('outsideUpd.impactNone')}</Text>;
  const [scope, setScope] = useState<'zone' | 'all'>('zone');
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('outsideUpd.impactTitle', { item: `${root.Idcode}@${root.PackSize}` })}
      size="lg"
      centered
    >
      {q.isPending && <Loader size="sm" aria-label={t('LOADING_PLEASE_WAIT')} />}
      {q.isError && <Text c="red.8">{t('SITE_IMPACTS_FAILED')}</Text>}
      {data && (
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('outsideUpd.impactScope')}
            value={scope}
            onChange={(v) => setScope(v as 'zone' | 'all')}
            data={[
              { value: 'zone', label: t('outsideUpd.impactThisZone') },
              { value: 'all', label: t('outsideUpd.impactAllZones') },
            ]}
          />
          <div>
            <Title order={3} size="sm">
              {t('outsideUpd.impactSites')}
            </Title>
            {data.ImpactedSites.length === 0 ? (
              none
            ) : (
              <List size="sm">
                {data.ImpactedSites.map((s) => (
                  <List.Item key={s.SetupID}>
                    {t('outsideUpd.siteRow', { no: String(s.SiteNo), name: s.SiteName })}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
          <div>
            <Title order={3} size="sm">
              {t('outsideUpd.impactOrigins')}
            </Title>
            {origins.size === 0 ? (
              none
            ) : (
              <List size="sm">
                {data.ImpactedSites.filter((s) => origins.has(s.SetupID)).map((s) => (
                  <List.Item key={s.SetupID}>
                    {t('outsideUpd.siteRow', { no: String(s.SiteNo), name: s.SiteName })}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
          {scope === 'all' && (
            <div>
              <Title order={3} size="sm">
                {t('outsideUpd.impactZones')}
              </Title>
              {data.ImpactedZones.length === 0 ? (
                none
              ) : (
                <List size="sm">
                  {data.ImpactedZones.map((z) => (
                    <List.Item key={z.ZoneSetupID}>
                      {t('outsideUpd.zoneValue', { no: String(z.ZoneNo), name: z.ZoneName })}
                    </List.Item>
                  ))}
                </List>
              )}
            </div>
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('outsideUpd.close')}</Button>
      </Group>
    </Modal>
  );
}
