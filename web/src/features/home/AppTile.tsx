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

/** A coloured home tile; a not configured application is disabled with a tooltip saying so. */
export function AppTile({ app, color, to, external }: AppTileProps) {
  const { t } = useTranslation();
  const name = t(`home.${app}`);
  const body = (
    <>
      <Title order={2} size="h3" c="white" mb="xs">
        {name}
      </Title>
      <Text c="white" size="sm" opacity={0.9}>
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
          bg={`${color}.6`}
          style={{ ...style, cursor: 'not-allowed', opacity: 0.55 }}
        >
          {body}
          <Text c="white" size="xs" fw={700} tt="uppercase" mt="sm">
            {t('home.notConfiguredBadge')}
          </Text>
        </Paper>
      </Tooltip>
    );
  }
  if (external) {
    return (
      <Paper component="a" href={to} p="lg" radius="md" bg={`${color}.7`} shadow="sm" style={style}>
        {body}
      </Paper>
    );
  }
  return (
    <Paper component={Link} to={to} p="lg" radius="md" bg={`${color}.7`} shadow="sm" style={style}>
      {body}
    </Paper>
  );
}
