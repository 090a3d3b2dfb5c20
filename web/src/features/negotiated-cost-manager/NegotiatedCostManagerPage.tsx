import { SessionScreen } from '../../shared/SessionScreen';
import { NegotiatedCostManager } from './NegotiatedCostManager';

/** Route module of the Negotiated Cost Manager (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={NegotiatedCostManager} />;
}
