import { SessionScreen } from '../../shared/SessionScreen';
import { DistributeToSites } from './DistributeToSites';

/** Route module of Distribute to Sites (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={DistributeToSites} />;
}
