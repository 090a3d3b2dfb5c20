import { Menu, Menubar } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAV_GROUPS, useGoToState } from '../../shared/navigation';
import { resolveState } from '../../shared/states';

/** The top navigation groups: Adjust, Reports, Setup and Help. */
export function TopNav() {
  const { t } = useTranslation();
  const goTo = useGoToState();
  return (
    <Menubar aria-label={t('nav.main')}>
      {NAV_GROUPS.map((group) => (
        <Menubar.Menu key={group.key} width={240} shadow="md">
          <Menubar.Target>{t(`nav.${group.key}`)}</Menubar.Target>
          <Menubar.Dropdown>
            {group.entries.map((entry) => {
              const target = resolveState(entry.state);
              const label = t(`nav.${entry.key}`);
              return target.kind === 'path' ? (
                <Menu.Item key={entry.key} component={Link} to={target.path}>
                  {label}
                </Menu.Item>
              ) : (
                <Menu.Item key={entry.key} onClick={() => goTo(entry.state)}>
                  {label}
                </Menu.Item>
              );
            })}
          </Menubar.Dropdown>
        </Menubar.Menu>
      ))}
    </Menubar>
  );
}
