import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAbout } from '../components/about/AboutContext';
import type { LABELS } from '../i18n/labels';
import { loginHref, logOff } from './auth';
import { notify } from './notify';
import { appConfigQuery } from './queries';
import { DEFAULT_PATH, resolveState } from './states';

type NavKey = keyof typeof LABELS.nav;

/** One entry of a top navigation group: a state, or the About dialog. */
export interface NavEntry {
  key: NavKey;
  state: string;
}

/** The top navigation groups of spec part 1 §2.2, in order. */
export const NAV_GROUPS: readonly { key: NavKey; entries: readonly NavEntry[] }[] = [
  {
    key: 'adjust',
    entries: [
      { key: 'itemAdjust', state: 'main.itemAdjust' },
      { key: 'addItem', state: 'main.addItem' },
      { key: 'outsideUpd', state: 'main.outsideUpd' },
      { key: 'negCostMgr', state: 'main.negCostMgr' },
      { key: 'pricingEventCal', state: 'main.pricingEventCal' },
    ],
  },
  {
    key: 'reports',
    entries: [
      { key: 'negotiatedCostRpt', state: 'main.negotiatedCostRpt' },
      { key: 'currentPricesRpt', state: 'main.currentPricesRpt' },
    ],
  },
  {
    key: 'setup',
    entries: [
      { key: 'preferences', state: 'main.preferences' },
      { key: 'vendorImportSetup', state: 'main.vendorImportSetup' },
      { key: 'vendorImport', state: 'main.vendorImport' },
      { key: 'sitesImport', state: 'main.sitesImport' },
      { key: 'disttosite', state: 'main.disttosite' },
    ],
  },
  {
    key: 'help',
    entries: [
      { key: 'contents', state: 'main.helpcontents' },
      { key: 'about', state: 'main.helpabout' },
    ],
  },
];

/**
 * Goes to a state of the spec: a screen, the About dialog, another application, sign-in
 * or Log Off. An empty state is logged and goes to the default; an unknown one shows the
 * "not found" toast and, unless `stay` is set, goes to the default.
 */
export function useGoToState(): (state: string | null | undefined, options?: { stay?: boolean }) => void {
  const navigate = useNavigate();
  const about = useAbout();
  const { t } = useTranslation();
  const config = useQuery(appConfigQuery()).data;

  return useCallback(
    (state, options = {}) => {
      if (!state) {
        console.warn('State change to an empty state; going to the default state.');
        void navigate(DEFAULT_PATH);
        return;
      }
      const target = resolveState(state);
      switch (target.kind) {
        case 'path':
          void navigate(target.path);
          return;
        case 'about':
          about.open();
          return;
        case 'external': {
          const href = config?.applications[target.app];
          if (href) window.location.assign(href);
          else notify.warning(t('home.notConfigured', { app: t(`home.${target.app}`) }));
          return;
        }
        case 'login':
          window.location.assign(loginHref(config?.loginUrl));
          return;
        case 'logoff':
          void logOff();
          return;
        case 'unknown':
          notify.error(t('STATE_NOT_FOUND', { state }));
          if (!options.stay) void navigate(DEFAULT_PATH);
      }
    },
    [navigate, about, t, config],
  );
}
