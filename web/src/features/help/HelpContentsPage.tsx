import { Anchor, List, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HELP_TOPIC_STATES, helpPath } from '../../shared/states';

/** Help contents: one link per help topic. */
export function HelpContentsPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="sm" maw={760}>
      <Text mb="md">{t('help.contentsIntro')}</Text>
      <List spacing="sm" listStyleType="none">
        {Object.entries(HELP_TOPIC_STATES).map(([state, key]) => (
          <List.Item key={state}>
            <Anchor component={Link} to={helpPath(state)} fw={600}>
              {t(`screens.${key}`)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`helpTopics.${key}.summary`)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
