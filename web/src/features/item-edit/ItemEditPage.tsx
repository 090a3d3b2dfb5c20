import { NotAvailable } from '../../components/NotAvailable';

/** Route module of the screen (loaded lazily by the router). */
export function Component() {
  return <NotAvailable />;
}
