import { notifications } from '@mantine/notifications';

/** Toasts of the shell: error (red), warning (orange) and info (blue). */
export const notify = {
  error: (message: string) => notifications.show({ color: 'red', message, autoClose: 8000 }),
  warning: (message: string) => notifications.show({ color: 'orange', message, autoClose: 6000 }),
  info: (message: string) => notifications.show({ color: 'blue', message }),
};
