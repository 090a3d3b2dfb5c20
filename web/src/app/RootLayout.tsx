import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useRouteHandle } from '../shared/handle';
import { RouteProgress } from './shell/RouteProgress';
import { useBuildWatcher } from './useBuildWatcher';

/** Wraps every page: loading indicator, document title, new-build detection. */
export function RootLayout() {
  const handle = useRouteHandle();
  const title = handle?.title();
  useBuildWatcher();
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
