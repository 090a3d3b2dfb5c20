import type { PickerSite } from '@cpb/domain';
import { Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const when = (iso: string) => (iso ? dayjs(iso).format('MM/DD/YYYY HH:mm') : '');

/** The last file sent to a site, when, and whether the store confirmed it (beyond the spec). */
export function LastDistributionCell({ site }: { site: PickerSite }) {
  const { t } = useTranslation();
  const d = site.LastDistribution;
  if (!d)
    return (
      <Text size="sm" c="dimmed">
        {t('transfers.never')}
      </Text>
    );
  const state = d.Confirmed
    ? d.Refused > 0
      ? t('transfers.confirmedRefused', { n: String(d.Refused) })
      : t('transfers.confirmed')
    : t('transfers.notConfirmed');
  return (
    <Stack gap={0}>
      <Text size="sm">{d.File}</Text>
      <Text size="xs" c="dark.4">
        {when(d.At)} · {state}
      </Text>
    </Stack>
  );
}

/** The store's newest file Site Import could not read, and why (moved aside; it blocks nothing). */
function RejectedLine({ site }: { site: PickerSite }) {
  const { t } = useTranslation();
  const r = site.Rejected;
  if (!r) return null;
  return (
    <Text size="xs" c="red.9">
      {when(r.At)} · {t('transfers.rejectedFile', { file: r.File, reason: r.Reason })}
    </Text>
  );
}

/** The newest item file imported from a site, and when; a file it could not read, if any. */
export function LastImportCell({ site }: { site: PickerSite }) {
  const { t } = useTranslation();
  const i = site.LastImport;
  if (!i)
    return (
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          {t('transfers.never')}
        </Text>
        <RejectedLine site={site} />
      </Stack>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{i.File}</Text>
      <Text size="xs" c="dark.4">
        {when(i.At)}
      </Text>
      <RejectedLine site={site} />
    </Stack>
  );
}
