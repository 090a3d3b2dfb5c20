import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toast container (Mantine's Notifications with its transitions, drag and scroll handling)
// loads when the first toast is asked for, not with the sign-in page and Home. Toasts asked for
// before it is there wait in Mantine's store and show when it mounts.
const ToastContainer = lazy(() => import('./ToastContainer').then((m) => ({ default: m.ToastContainer })));

/** The page's toasts (shared/notify.ts): mounted at the first one, kept from then on. */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
