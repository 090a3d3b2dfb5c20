import type { ComponentType } from 'react';
import { createBrowserRouter, type LazyRouteFunction, Navigate, type RouteObject } from 'react-router';
import { i18n, loadHelpTopics } from '../i18n';
import { requireSession } from '../shared/auth';
import type { RouteHandle } from '../shared/handle';
import { HELP_PATH, HELP_TOPIC_STATES, SCREENS } from '../shared/states';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { SCREEN_MODULES, ZONE_SCREENS } from './screenModules';
import { PageLoading } from './shell/RouteProgress';

/** Renders nothing: hands a load error to the route's error element. */
function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

/**
 * A page module that fails to load (network, new deployment) becomes a component that
 * throws, so the route's error element shows the failure; a rejected `lazy` would leave the
 * router rendering nothing.
 */
function lazyPage(load: LazyRouteFunction<RouteObject>): LazyRouteFunction<RouteObject> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      return { element: <Rethrow error={error} /> };
    }
  };
}

const screenRoutes: RouteObject[] = SCREENS.map((screen) => ({
  path: screen.path,
  lazy: lazyPage(SCREEN_MODULES[screen.state]),
  loader: requireSession(screen.state),
  errorElement: <RouteError />,
  handle: {
    state: screen.state,
    title: () => i18n.t(`screens.${screen.key}`),
    help: screen.state,
    zone: ZONE_SCREENS.has(screen.state),
  } satisfies RouteHandle,
}));

const helpRoutes: RouteObject[] = [
  {
    path: HELP_PATH,
    lazy: lazyPage(async () => {
      const [{ HelpContentsPage }] = await Promise.all([
        import('../features/help/HelpContentsPage'),
        loadHelpTopics(),
      ]);
      return { Component: HelpContentsPage };
    }),
    handle: { state: 'main.helpcontents', title: () => i18n.t('screens.helpcontents') } satisfies RouteHandle,
  },
  ...Object.entries(HELP_TOPIC_STATES).map(([state, topic]) => ({
    path: `${HELP_PATH}/${state}`,
    lazy: lazyPage(async () => {
      const [{ HelpTopicPage }] = await Promise.all([
        import('../features/help/HelpTopicPage'),
        loadHelpTopics(),
      ]);
      return { element: <HelpTopicPage state={state} topic={topic} /> };
    }),
    handle: {
      state: 'main.helpcontents',
      title: () => i18n.t('help.topicTitle', { title: i18n.t(`screens.${topic}`) }),
    } satisfies RouteHandle,
  })),
];

const loadHome = async () => ({ Component: (await import('../features/home/HomePage')).HomePage });
const loadLogin = async () => ({ Component: (await import('../features/login/LoginPage')).LoginPage });

/** A page module already loaded before the router starts (see `loadFirstPage`). */
export type LoadedPage = { path: '/' | '/login'; Component: ComponentType };

/**
 * Loads the module of the page the address opens when it is Home or the sign-in page, before the
 * router starts: the router then renders it at once instead of through `lazy` (no fallback, no
 * transition for the first render). Any other address loads through its route's `lazy`.
 */
export async function loadFirstPage(pathname: string): Promise<LoadedPage | null> {
  if (pathname === '/') return { path: '/', ...(await loadHome()) };
  if (pathname === '/login') return { path: '/login', ...(await loadLogin()) };
  return null;
}

/**
 * Every route: home, sign-in, the shell with the screens and help pages; anything else goes to '/'.
 * Every page is a module of its own, so the sign-in page and Home load only the entry and their
 * own module (scripts/check-bundle.mjs measures both).
 */
export function appRoutes(first: LoadedPage | null = null): RouteObject[] {
  const page = (path: LoadedPage['path'], load: LazyRouteFunction<RouteObject>) =>
    first?.path === path ? { Component: first.Component } : { lazy: lazyPage(load) };
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          path: '/',
          ...page('/', loadHome),
          handle: { state: 'home', title: () => i18n.t('app.name') } satisfies RouteHandle,
        },
        {
          path: '/login',
          ...page('/login', loadLogin),
          handle: { state: 'login', title: () => i18n.t('screens.login') } satisfies RouteHandle,
        },
        // The shell (menus, side menu, zone picker) loads with the first screen, not with Home or sign-in.
        {
          lazy: async () => ({ Component: (await import('./shell/Shell')).Shell }),
          children: [...screenRoutes, ...helpRoutes],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

/** The page's router, given the first page when it was loaded before (`loadFirstPage`). */
export const createAppRouter = (first: LoadedPage | null) => createBrowserRouter(appRoutes(first));
