import { Notifications } from '@mantine/notifications';
import './notifications.css';

/** Mantine's toast container, top right below the header (a module of its own: see Toasts). */
export function ToastContainer() {
  return <Notifications position="top-right" classNames={{ root: 'cpb-notifications' }} />;
}
