import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appConfigQuery } from './queries';

/** Current year and provider; the footer text and build number when a build number exists. */
export function Footer() {
  const { t } = useTranslation();
  const config = useQuery(appConfigQuery()).data;
  const build = config?.build;
  return (
    <Group justify="space-between" px="md" h="100%" c="dimmed">
      <Text size="xs">
        {t('footer.copyright', {
          year: String(new Date().getFullYear()),
          provider: config?.about.provider ?? '',
        })}
      </Text>
      {build && (
        <Text size="xs" data-testid="footer-build">
          {t('footer.build', { build })}
        </Text>
      )}
    </Group>
  );
}
