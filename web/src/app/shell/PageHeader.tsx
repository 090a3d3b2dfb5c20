import { Anchor, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { helpPath } from '../../shared/states';

/** The page title with its optional help link (a new tab, so the screen keeps its state), and room for the zone picker on the right. */
export function PageHeader({ title, help, right }: { title: string; help?: string; right?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group
      justify="space-between"
      align="flex-end"
      mb="var(--cpb-page-header-gap, var(--mantine-spacing-md))"
      wrap="wrap"
      gap="md"
    >
      <Group align="baseline" gap="sm">
        <Title order={1} size="h2" fw={600}>
          {title}
        </Title>
        {help && (
          <Anchor
            component={Link}
            to={helpPath(help)}
            target="_blank"
            rel="noopener"
            size="sm"
            title={t('shell.helpLinkTitle', { title })}
          >
            {t('shell.helpLink')}
          </Anchor>
        )}
      </Group>
      {right}
    </Group>
  );
}
