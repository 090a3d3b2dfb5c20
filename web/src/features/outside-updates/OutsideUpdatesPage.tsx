import './outsideUpdates.css';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/auth';
import { OutsideUpdates } from './OutsideUpdates';

/** Route module of Outside Updates (loaded lazily by the router). */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{t('LOADING_PLEASE_WAIT')}</Text>
      </Paper>
    );
  }
  return <OutsideUpdates user={session.userName} />;
}
