import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { announcementQuery } from '../../shared/queries';

/** The announcement banner; hidden when there is no announcement. */
export function Announcement() {
  const { t } = useTranslation();
  const text = useQuery(announcementQuery()).data?.text;
  if (!text) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      role="region"
      aria-label={t('shell.announcement')}
      py={8}
      mx="-md"
      mt="-md"
      mb="md"
    >
      {text}
    </Alert>
  );
}
