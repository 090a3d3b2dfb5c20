import { SessionScreen } from '../../shared/SessionScreen';
import { VendorImportSetup } from './VendorImportSetup';

/** Route module of Vendor Import Setup (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={VendorImportSetup} />;
}
