import { SessionScreen } from '../../shared/SessionScreen';
import { VendorImport } from './VendorImport';

/** Route module of Vendor Import (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={VendorImport} />;
}
