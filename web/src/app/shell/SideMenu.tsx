import { Box, NavLink, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAbout } from '../../components/about/AboutContext';
import { useGoToState } from '../../shared/navigation';
import { appConfigQuery, type SideMenuEntry } from '../../shared/queries';
import { resolveState } from '../../shared/states';

function Entry({ entry }: { entry: SideMenuEntry }) {
  const goTo = useGoToState();
  const about = useAbout();
  const { pathname } = useLocation();
  if (entry.href) {
    return (
      <NavLink
        label={entry.label}
        component="a"
        href={entry.href}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<span aria-hidden="true">↗</span>}
      />
    );
  }
  if (entry.about) return <NavLink label={entry.label} component="button" onClick={about.open} />;
  const target = entry.state ? resolveState(entry.state) : null;
  if (target?.kind === 'path') {
    return (
      <NavLink label={entry.label} component={Link} to={target.path} active={pathname === target.path} />
    );
  }
  return <NavLink label={entry.label} component="button" onClick={() => goTo(entry.state, { stay: true })} />;
}

/**
 * The configurable side menu (appConfig.sideMenu). An entry goes to a named state,
 * opens an external address in a new tab, or opens the About dialog.
 */
export function SideMenu() {
  const { t } = useTranslation();
  const entries = useQuery(appConfigQuery()).data?.sideMenu ?? [];
  return (
    <Box>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" pt="sm" pb={4}>
        {t('shell.sideMenu')}
      </Text>
      {entries.map((entry) => (
        <Entry key={`${entry.label}-${entry.state ?? entry.href ?? 'about'}`} entry={entry} />
      ))}
    </Box>
  );
}
