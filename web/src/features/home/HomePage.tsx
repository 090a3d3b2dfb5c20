import { Box, Container, Group, Menu, Menubar, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbout } from '../../components/about/AboutContext';
import { loginHref, logOff, useSession } from '../../shared/auth';
import { Footer } from '../../shared/Footer';
import { appConfigQuery } from '../../shared/queries';
import { DEFAULT_PATH, helpPath } from '../../shared/states';
import { AppTile } from './AppTile';
import { type AppKey, HOME_APPS } from './apps';

function useAppAddress(): (app: AppKey) => string | null {
  const config = useQuery(appConfigQuery()).data;
  return (app) => (app === 'cpb' ? DEFAULT_PATH : (config?.applications[app] ?? null));
}

function HomeMenus() {
  const { t } = useTranslation();
  const about = useAbout();
  const session = useSession();
  const config = useQuery(appConfigQuery()).data;
  const address = useAppAddress();
  return (
    <Menubar aria-label={t('nav.main')}>
      <Menubar.Menu width={260} shadow="md">
        <Menubar.Target>{t('home.applications')}</Menubar.Target>
        <Menubar.Dropdown>
          {HOME_APPS.map(({ key }) => {
            const to = address(key);
            const label = t(`home.${key}`);
            if (key === 'cpb')
              return (
                <Menu.Item key={key} component={Link} to={DEFAULT_PATH}>
                  {label}
                </Menu.Item>
              );
            return to ? (
              <Menu.Item key={key} component="a" href={to}>
                {label}
              </Menu.Item>
            ) : (
              <Menu.Item key={key} disabled title={t('home.notConfigured', { app: label })}>
                {label}
              </Menu.Item>
            );
          })}
        </Menubar.Dropdown>
      </Menubar.Menu>
      <Menubar.Menu width={200} shadow="md">
        <Menubar.Target>{t('home.account')}</Menubar.Target>
        <Menubar.Dropdown>
          {session ? (
            <Menu.Item disabled>{t('home.logOn')}</Menu.Item>
          ) : (
            <Menu.Item component="a" href={loginHref(config?.loginUrl)}>
              {t('home.logOn')}
            </Menu.Item>
          )}
          <Menu.Item onClick={() => void logOff()} disabled={!session}>
            {t('home.logOff')}
          </Menu.Item>
        </Menubar.Dropdown>
      </Menubar.Menu>
      <Menubar.Menu width={200} shadow="md">
        <Menubar.Target>{t('home.help')}</Menubar.Target>
        <Menubar.Dropdown>
          <Menu.Item component={Link} to={helpPath('home')}>
            {t('home.helpApplications')}
          </Menu.Item>
          <Menu.Item onClick={about.open}>{t('home.about')}</Menu.Item>
        </Menubar.Dropdown>
      </Menubar.Menu>
    </Menubar>
  );
}

/** The home page (state home): the application tiles and the Applications, Account and Help menus. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const address = useAppAddress();
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h={52} px="md" justify="space-between">
          <Group gap="lg">
            <Text fw={700} c="blue.9" size="lg">
              {t('app.name')}
            </Text>
            <HomeMenus />
          </Group>
          {session && <Text size="sm">{t('shell.greeting', { userName: session.userName })}</Text>}
        </Group>
      </Box>
      <Container component="main" size="lg" py="xl" style={{ flex: 1 }} w="100%">
        <Title order={1} size="h2" mb="lg" fw={600}>
          {t('home.intro')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {HOME_APPS.map(({ key, color }) => (
            <AppTile key={key} app={key} color={color} to={address(key)} external={key !== 'cpb'} />
          ))}
        </SimpleGrid>
      </Container>
      <Box h={32} bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Footer />
      </Box>
    </Box>
  );
}
