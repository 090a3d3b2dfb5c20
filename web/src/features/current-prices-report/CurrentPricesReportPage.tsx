import { SessionScreen } from '../../shared/SessionScreen';
import { CurrentPricesReport } from './CurrentPricesReport';

/** Route module of the Current Prices Report (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={CurrentPricesReport} />;
}
