import type { authCalls } from '@cpb/domain';
import { useQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { callRoute } from './api';
import { appConfigQuery, type Session, sessionQuery } from './queries';
import { queryClient } from './queryClient';
import { stateForPath } from './states';
import { clearBrowserState } from './storage';

const DEFAULT_LOGIN_URL = '/login';

/** The sign-in address (appConfig.loginUrl, default /login) with `?next=` when given. */
export function loginHref(loginUrl: string | undefined, next?: string): string {
  const base = loginUrl || DEFAULT_LOGIN_URL;
  if (!next) return base;
  const url = new URL(base, window.location.origin);
  url.searchParams.set('next', next);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}

async function currentLoginUrl(): Promise<string> {
  try {
    return (await queryClient.ensureQueryData(appConfigQuery())).loginUrl;
  } catch {
    return DEFAULT_LOGIN_URL;
  }
}

/** The signed-in user, or null. */
export function useSession(): Session | null | undefined {
  return useQuery(sessionQuery()).data;
}

/**
 * Route loader guard: a screen opens only for a signed-in user; otherwise the browser
 * goes to the sign-in address with the screen's state as `?next=`.
 */
export function requireSession(state: string) {
  return async (): Promise<Session> => {
    // Asked of the server at every route change, so a session ended elsewhere is noticed here.
    const session = await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 });
    if (session) return session;
    throw redirect(loginHref(await currentLoginUrl(), state));
  };
}

/** Any 401 from the API: forget what the page knew and go to sign-in, remembering the state. */
export async function handleUnauthorized(): Promise<void> {
  const next = stateForPath(window.location.pathname);
  const loginUrl = await currentLoginUrl();
  queryClient.clear();
  localStorage.clear();
  if (window.location.pathname !== new URL(loginUrl, window.location.origin).pathname) {
    window.location.assign(loginHref(loginUrl, next));
  }
}

/**
 * Log Off: revoke the server session, then clear cookies, local and session storage
 * (the selected zone with them) and the query cache, and go to the sign-in page.
 */
export async function logOff(): Promise<void> {
  const loginUrl = await currentLoginUrl();
  // A failed call (already signed out, server away) must not keep the page signed in.
  try {
    // Log Off is a POST with the session's token, which GET /session hands out.
    const session = await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 });
    if (session?.csrfToken) {
      await callRoute<typeof authCalls.logout>(
        { method: 'POST', path: '/logout' },
        { headers: { 'X-CSRF-Token': session.csrfToken }, allow401: true },
      );
    }
  } catch {
    // signed out already, or the server is away
  }
  clearBrowserState();
  queryClient.clear();
  window.location.assign(loginHref(loginUrl));
}
