import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The one-line note of a screen that a later release fills. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="sm">
      <Text c="dimmed">{t('shell.notAvailable')}</Text>
    </Paper>
  );
}
