import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AboutProvider } from '../components/about/AboutContext';
import { queryClient } from './queryClient';
import { router } from './router';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Spec part 1 §2.2: tooltips show after 500 ms and hide after 100 ms.
    Tooltip: { defaultProps: { openDelay: 500, closeDelay: 100, withArrow: true } },
  },
});

/** Providers of the page: theme, toasts, dialogs, query cache, About dialog and router. */
export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <AboutProvider>
            <RouterProvider router={router} />
          </AboutProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
