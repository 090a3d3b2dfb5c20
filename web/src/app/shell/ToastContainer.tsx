import { Notifications } from '@mantine/notifications';
import './notifications.css';

/**
 * Mantine's toast container (a module of its own: see Toasts): bottom right above the footer,
 * at most three at a time (the rest wait their turn), so a stack stays in the lower part of the
 * screen and off the page's toolbar.
 */
export function ToastContainer() {
  return <Notifications position="bottom-right" limit={3} classNames={{ root: 'cpb-notifications' }} />;
}
