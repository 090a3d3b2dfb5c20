import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../shared/notify';
import { userZonesQuery, type Zone } from '../shared/queries';
import { useCurrentZone } from '../shared/zone';

/** 'number - name', the spec's display of a zone. */
export function zoneLabel(zone: Pick<Zone, 'ZoneNo' | 'ZoneName'>): string {
  return `${zone.ZoneNo} - ${zone.ZoneName}`;
}

/**
 * The current-zone selector: a searchable dropdown of the zones the user may use.
 * The choice is shared by every screen and kept until Log Off.
 */
export function ZonePicker({ user }: { user: string }) {
  const { t } = useTranslation();
  const zones = useQuery(userZonesQuery(user));
  const [zone, setZone] = useCurrentZone();
  const data = useMemo(
    () => (zones.data ?? []).map((z) => ({ value: String(z.ZoneSetupID), label: zoneLabel(z) })),
    [zones.data],
  );

  useEffect(() => {
    if (zones.isError) notify.error(t('ZONE_LOAD_FAILED', { method: 'getUserZones' }));
  }, [zones.isError, t]);

  useEffect(() => {
    if (zones.data?.length === 0) notify.warning(t('NO_ZONES_FOUND'));
  }, [zones.data, t]);

  useEffect(() => {
    if (!zones.data) return;
    // A zone kept from an earlier session that this user may not use is dropped.
    if (zone && !zones.data.some((z) => String(z.ZoneSetupID) === zone)) setZone(null);
  }, [zones.data, zone, setZone]);

  if (zones.data && zones.data.length === 0) {
    return (
      <Text c="orange.8" fw={600} size="sm" role="status">
        {t('NO_ZONES_FOUND')}
      </Text>
    );
  }

  return (
    <Select
      label={t('zone.current')}
      placeholder={t('zone.placeholder')}
      nothingFoundMessage={t('zone.nothingFound')}
      data={data}
      value={zone}
      onChange={setZone}
      searchable
      allowDeselect={false}
      disabled={zones.isPending || zones.isError}
      w={260}
      size="sm"
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
