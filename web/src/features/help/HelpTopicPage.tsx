import { Anchor, Group, List, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbout } from '../../components/about/AboutContext';
import { HELP_PATH, type HelpTopicKey, resolveState } from '../../shared/states';

/** The help page of one screen: what it does and its main controls. */
export function HelpTopicPage({ state, topic }: { state: string; topic: HelpTopicKey }) {
  const { t } = useTranslation();
  const about = useAbout();
  const title = t(`screens.${topic}`);
  const controls = t(`helpTopics.${topic}.controls`, { returnObjects: true }) as readonly string[];
  const target = resolveState(state);
  return (
    <Paper withBorder p="lg" radius="sm" maw={760}>
      <Title order={2} size="h4" mb={6}>
        {t('help.whatItDoes')}
      </Title>
      <Text mb="lg">{t(`helpTopics.${topic}.summary`)}</Text>
      <Title order={2} size="h4" mb={6}>
        {t('help.mainControls')}
      </Title>
      <List spacing={6} mb="lg">
        {controls.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Group gap="lg">
        {target.kind === 'path' && (
          <Anchor component={Link} to={target.path}>
            {t('help.openScreen', { title })}
          </Anchor>
        )}
        {target.kind === 'about' && (
          <Anchor component="button" onClick={about.open}>
            {t('help.openScreen', { title })}
          </Anchor>
        )}
        <Anchor component={Link} to={HELP_PATH}>
          {t('help.backToContents')}
        </Anchor>
      </Group>
    </Paper>
  );
}
