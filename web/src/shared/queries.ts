/**
 * The shell's queries: public configuration, the session, the announcement, the build and the
 * user's zones. They load with the sign-in page and Home, so they call by route (`callRoute`):
 * typed by the domain's contracts, without the contracts' zod schemas in the first load.
 */
import type { authCalls, lookupCalls, shellCalls, UserZone } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, callRoute } from './api';

/** GET /appConfig and GET /session: the domain's answer types (one contract). */
export type { AppConfig, Session, SideMenuEntry } from '@cpb/domain';

/** A zone of the signed-in user (GET /userZones): the domain's response type. */
export type Zone = UserZone;

/** Query keys of the shell. */
export const shellKeys = {
  appConfig: ['appConfig'] as const,
  session: ['session'] as const,
  announcement: ['announcement'] as const,
  appVersion: (user: string) => ['appVersion', user] as const,
  userZones: (user: string) => ['userZones', user] as const,
};

export const appConfigQuery = () =>
  queryOptions({
    queryKey: shellKeys.appConfig,
    queryFn: () => callRoute<typeof shellCalls.appConfig>({ method: 'GET', path: '/appConfig' }, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The signed-in user, or null when GET /session answers 401. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: shellKeys.session,
    queryFn: async () => {
      try {
        return await callRoute<typeof authCalls.session>(
          { method: 'GET', path: '/session' },
          { allow401: true },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export const announcementQuery = () =>
  queryOptions({
    queryKey: shellKeys.announcement,
    queryFn: () => callRoute<typeof shellCalls.announcement>({ method: 'GET', path: '/announcement' }, {}),
    staleTime: 5 * 60_000,
  });

export const appVersionQuery = (user: string) =>
  queryOptions({
    queryKey: shellKeys.appVersion(user),
    queryFn: () =>
      callRoute<typeof shellCalls.appVersion>(
        { method: 'GET', path: '/getAppVersion/:user' },
        { params: { user } },
      ),
  });

export const userZonesQuery = (user: string) =>
  queryOptions({
    queryKey: shellKeys.userZones(user),
    queryFn: () =>
      callRoute<typeof lookupCalls.userZones>(
        { method: 'GET', path: '/userZones/:user' },
        { params: { user } },
      ),
    staleTime: 5 * 60_000,
  });
