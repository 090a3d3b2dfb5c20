import { Paper, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from './auth';

/** A screen of the signed-in user: 'Loading, please wait' until the session is known. */
export function SessionScreen({ screen: Screen }: { screen: ComponentType<{ user: string }> }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{t('LOADING_PLEASE_WAIT')}</Text>
      </Paper>
    );
  }
  return <Screen user={session.userName} />;
}
