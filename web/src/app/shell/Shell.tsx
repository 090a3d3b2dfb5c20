import { Anchor, AppShell, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { loginHref, logOff, useSession } from '../../shared/auth';
import { Footer } from '../../shared/Footer';
import { useRouteHandle } from '../../shared/handle';
import { appConfigQuery } from '../../shared/queries';
import { stateForPath } from '../../shared/states';
import { Announcement } from './Announcement';
import { PageHeader } from './PageHeader';
import { SideMenu } from './SideMenu';
import { TopNav } from './TopNav';
import './fillScreen.css';
import './skipLink.css';

// The zone picker (a searchable Select) loads with the first screen that works on a zone.
const ZonePicker = lazy(() => import('../../components/ZonePicker').then((m) => ({ default: m.ZonePicker })));

function Account() {
  const { t } = useTranslation();
  const session = useSession();
  const config = useQuery(appConfigQuery()).data;
  const { pathname } = useLocation();
  if (session === undefined) return null;
  if (!session) {
    return (
      <Button
        component="a"
        href={loginHref(config?.loginUrl, stateForPath(pathname))}
        variant="light"
        size="xs"
      >
        {t('shell.logIn')}
      </Button>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" data-testid="greeting">
        {t('shell.greeting', { userName: session.userName })}
      </Text>
      <Button variant="default" size="xs" onClick={() => void logOff()}>
        {t('shell.logOff')}
      </Button>
    </Group>
  );
}

/**
 * After a route change, focus goes to the screen (its main area) unless the screen put it in one of
 * its own fields: never left on the page body, where the next Tab starts from the top again.
 */
function useFocusOnRouteChange() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (pathname && (document.activeElement === null || document.activeElement === document.body))
      main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

/** The main shell of spec part 1 §2.2 around every screen. */
export function Shell() {
  const { t } = useTranslation();
  const [navOpened, { toggle }] = useDisclosure(false);
  const handle = useRouteHandle();
  const session = useSession();
  const title = handle?.title() ?? '';
  const main = useFocusOnRouteChange();

  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 210, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      footer={{ height: 32 }}
      padding="md"
    >
      <AppShell.Header>
        <a href="#main" className="skip-link">
          {t('shell.skipToMain')}
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.sideMenu')}
            />
            <Anchor component={Link} to="/" fw={700} c="blue.9" underline="never" size="lg">
              {t('app.name')}
            </Anchor>
            <TopNav />
          </Group>
          <Account />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('shell.sideMenu')}>
        <SideMenu />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" id="main" ref={main} tabIndex={-1} style={{ outline: 'none' }}>
        <Announcement />
        <PageHeader
          title={title}
          help={handle?.help}
          right={
            session && handle?.zone ? (
              <Suspense fallback={null}>
                <ZonePicker user={session.userName} />
              </Suspense>
            ) : null
          }
        />
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
