import type { AppConfig, Session, UserZone } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, seg } from './api';

/** GET /appConfig and GET /session: the domain's answer types (one contract). */
export type { AppConfig, Session, SideMenuEntry } from '@cpb/domain';

export interface AppVersion {
  version: string;
  build: string | null;
}

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
    queryFn: () => api<AppConfig>('/appConfig'),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The signed-in user, or null when GET /session answers 401. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: shellKeys.session,
    queryFn: async (): Promise<Session | null> => {
      try {
        return await api<Session>('/session', { allow401: true });
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
    queryFn: () => api<{ text: string | null }>('/announcement'),
    staleTime: 5 * 60_000,
  });

export const appVersionQuery = (user: string) =>
  queryOptions({
    queryKey: shellKeys.appVersion(user),
    queryFn: () => api<AppVersion>(`/getAppVersion/${seg(user)}`),
  });

export const userZonesQuery = (user: string) =>
  queryOptions({
    queryKey: shellKeys.userZones(user),
    queryFn: () => api<Zone[]>(`/userZones/${seg(user)}`),
    staleTime: 5 * 60_000,
  });
