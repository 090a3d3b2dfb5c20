import { SessionScreen } from '../../shared/SessionScreen';
import { PricingEventCalendar } from './PricingEventCalendar';

/** Route module of the Pricing Event Calendar (loaded lazily by the router; FullCalendar lazily again). */
export function Component() {
  return <SessionScreen screen={PricingEventCalendar} />;
}
