import { Paper, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppKey } from './apps';

interface AppTileProps {
  app: AppKey;
  color: string;
  /** Route of this app (Central Price Book) or the configured address of another app; null when not configured. */
  to: string | null;
  external: boolean;
}

/**
 * A coloured home tile; a not configured application is disabled (grey, with the app's colour as
 * a border) with a tooltip saying so. Text is at least 14 px, white on shade 9 or grey 7 (WCAG AA).
 */
export function AppTile({ app, color, to, external }: AppTileProps) {
  const { t } = useTranslation();
  const name = t(`home.${app}`);
  const body = (
    <>
      <Title order={2} size="h3" c="white" mb="xs">
        {name}
      </Title>
      <Text c="white" size="sm">
        {t(`home.${app}Text`)}
      </Text>
    </>
  );
  const style = { minHeight: 150, display: 'block', textDecoration: 'none' };
  if (!to) {
    return (
      <Tooltip label={t('home.notConfigured', { app: name })}>
        <Paper
          role="link"
          aria-disabled="true"
          tabIndex={0}
          p="lg"
          radius="md"
          bg="gray.7"
          style={{ ...style, cursor: 'not-allowed', borderLeft: `6px solid var(--mantine-color-${color}-9)` }}
        >
          {body}
          <Text c="white" size="sm" fw={700} tt="uppercase" mt="sm">
            {t('home.notConfiguredBadge')}
          </Text>
        </Paper>
      </Tooltip>
    );
  }
  if (external) {
    return (
      <Paper component="a" href={to} p="lg" radius="md" bg={`${color}.9`} shadow="sm" style={style}>
        {body}
      </Paper>
    );
  }
  return (
    <Paper component={Link} to={to} p="lg" radius="md" bg={`${color}.9`} shadow="sm" style={style}>
      {body}
    </Paper>
  );
}
