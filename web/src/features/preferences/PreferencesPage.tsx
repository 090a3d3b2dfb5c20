import { SessionScreen } from '../../shared/SessionScreen';
import { Preferences } from './Preferences';

/** Route module of Preferences (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={Preferences} />;
}
