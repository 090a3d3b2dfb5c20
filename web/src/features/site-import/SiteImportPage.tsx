import { SessionScreen } from '../../shared/SessionScreen';
import { SiteImport } from './SiteImport';

/** Route module of Site Import (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={SiteImport} />;
}
