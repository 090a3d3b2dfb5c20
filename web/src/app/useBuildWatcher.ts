import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../shared/auth';
import { appConfigQuery, appVersionQuery } from '../shared/queries';
import { BUILD_POLL_KEY, RELOADED_FOR_KEY } from '../shared/storage';

const DEFAULT_POLL_MS = 15_000;
const MIN_POLL_MS = 250;

/** The poll interval: 15 s, or a shorter one given once as `?buildPoll=ms` (kept for the tab). */
function pollInterval(): number {
  const fromUrl = new URLSearchParams(window.location.search).get('buildPoll');
  if (fromUrl) sessionStorage.setItem(BUILD_POLL_KEY, fromUrl);
  const ms = Number(sessionStorage.getItem(BUILD_POLL_KEY));
  return Number.isFinite(ms) && ms >= MIN_POLL_MS ? ms : DEFAULT_POLL_MS;
}

/**
 * Reloads the page when the server reports a build other than the one this bundle was
 * built as. Polls GET /getAppVersion/{user} (GET /appConfig when signed out) on an
 * interval and whenever the window gets focus. Reloads at most once per new build.
 */
export function useBuildWatcher(): void {
  const user = useSession()?.userName;
  const interval = pollInterval();
  const signedIn = useQuery({
    ...appVersionQuery(user ?? ''),
    enabled: Boolean(user),
    refetchInterval: interval,
  });
  const signedOut = useQuery({
    ...appConfigQuery(),
    enabled: !user,
    refetchInterval: interval,
    staleTime: 0,
  });
  const { refetch } = user ? signedIn : signedOut;
  const build = user ? signedIn.data?.build : signedOut.data?.build;

  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  useEffect(() => {
    if (!build || build === __BUILD__) return;
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === build) return;
    sessionStorage.setItem(RELOADED_FOR_KEY, build);
    window.location.reload();
  }, [build]);
}
