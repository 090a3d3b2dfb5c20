import { SessionScreen } from '../../shared/SessionScreen';
import { NegotiatedCostReport } from './NegotiatedCostReport';

/** Route module of the Negotiated Cost Report (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={NegotiatedCostReport} />;
}
