import { notifications } from '@mantine/notifications';

/** A green toast for the spec's success texts ('Success: New Item.', 'id@packsize saved.'). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 5000 });
}
