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
      // Edge to edge: the main area's padding, which a grid screen makes tighter (fillScreen.css).
      mx="calc(var(--app-shell-padding) * -1)"
      mt="calc(var(--app-shell-padding) * -1)"
      mb="var(--app-shell-padding)"
    >
      {text}
    </Alert>
  );
}
