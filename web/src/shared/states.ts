import type { HELP_TOPICS } from '../i18n/helpTopics';
import type { LABELS } from '../i18n/labels';

export type ScreenKey = keyof typeof LABELS.screens;
export type HelpTopicKey = keyof typeof HELP_TOPICS;

/** A screen of the route table (spec part 1 §2.1): its state name, path and title key. */
export interface ScreenDef {
  state: string;
  path: string;
  key: ScreenKey & HelpTopicKey;
}

/** The routed screens under the shell, in route-table order. */
export const SCREENS: readonly ScreenDef[] = [
  { state: 'main.itemAdjust', path: '/adjust/itemAdjust', key: 'itemAdjust' },
  { state: 'main.addItem', path: '/adjust/addItem', key: 'addItem' },
  { state: 'main.itemAdjEdit', path: '/adjust/itemAdjEdit', key: 'itemAdjEdit' },
  { state: 'main.outsideUpd', path: '/adjust/outsideUpd', key: 'outsideUpd' },
  { state: 'main.negCostMgr', path: '/adjust/negCostMgr', key: 'negCostMgr' },
  { state: 'main.pricingEventCal', path: '/adjust/pricingEventCal', key: 'pricingEventCal' },
  { state: 'main.negotiatedCostRpt', path: '/report/negotiatedCostRpt', key: 'negotiatedCostRpt' },
  { state: 'main.currentPricesRpt', path: '/report/currentPricesRpt', key: 'currentPricesRpt' },
  { state: 'main.preferences', path: '/setup/preferences', key: 'preferences' },
  { state: 'main.vendorImportSetup', path: '/setup/vendorImportSetup', key: 'vendorImportSetup' },
  { state: 'main.vendorImport', path: '/setup/vendorImport', key: 'vendorImport' },
  { state: 'main.sitesImport', path: '/setup/sitesImport', key: 'sitesImport' },
  { state: 'main.disttosite', path: '/setup/disttosite', key: 'disttosite' },
];

/** Where the user goes after sign-in when the remembered state is empty or `main`. */
export const DEFAULT_STATE = 'main.sitesImport';
export const DEFAULT_PATH = '/setup/sitesImport';
export const HELP_PATH = '/help';

/** Help topics that have a page at /help/<state>. */
export const HELP_TOPIC_STATES: Readonly<Record<string, HelpTopicKey>> = {
  home: 'home',
  ...Object.fromEntries(SCREENS.map((s) => [s.state, s.key])),
  'main.helpabout': 'helpabout',
};

export const helpPath = (state: string): string => `${HELP_PATH}/${state}`;

/** Other applications offered on the home page; their addresses come from /appConfig. */
export const EXTERNAL_APPS = ['compDailyBook', 'digdispatch', 'physinventory'] as const;
export type ExternalApp = (typeof EXTERNAL_APPS)[number];

/** What a state name leads to. */
export type StateTarget =
  | { kind: 'path'; path: string }
  | { kind: 'about' }
  | { kind: 'external'; app: ExternalApp }
  | { kind: 'login' }
  | { kind: 'logoff' }
  | { kind: 'unknown' };

const HOME_PATHS: Readonly<Record<string, string>> = {
  home: '/',
  main: DEFAULT_PATH,
  sitesImport: DEFAULT_PATH,
  'main.helpcontents': HELP_PATH,
};

/** Resolves a state name of the spec (main.*, or a home-level state) to where it leads. */
export function resolveState(state: string): StateTarget {
  const screen = SCREENS.find((s) => s.state === state);
  if (screen) return { kind: 'path', path: screen.path };
  if (state in HOME_PATHS) return { kind: 'path', path: HOME_PATHS[state] };
  if (state === 'main.helpabout') return { kind: 'about' };
  if (state === 'login') return { kind: 'login' };
  if (state === 'logoff') return { kind: 'logoff' };
  const app = EXTERNAL_APPS.find((a) => a === state);
  if (app) return { kind: 'external', app };
  return { kind: 'unknown' };
}

/** The state name of a path, used as `?next=` when the user has to sign in. */
export function stateForPath(pathname: string): string {
  const screen = SCREENS.find((s) => s.path === pathname);
  if (screen) return screen.state;
  if (pathname === '/') return 'home';
  if (pathname === HELP_PATH) return 'main.helpcontents';
  return 'main';
}

/** True for a same-origin path that is safe to navigate to (not `//host`). */
export function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}
