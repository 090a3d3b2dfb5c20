import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AboutProvider } from '../components/about/AboutContext';
import { i18n } from '../i18n';
import { queryClient } from '../shared/queryClient';
import type { createAppRouter } from './router';
import { Toasts } from './shell/Toasts';

const theme = createTheme({
  primaryColor: 'blue',
  // WCAG AA: shade 6 (Mantine's default) gives white text on blue and blue links on the page's
  // grey 3.4:1; shade 8 gives over 4.5:1.
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Spec part 1 §2.2: tooltips show after 500 ms and hide after 100 ms.
    Tooltip: { defaultProps: { openDelay: 500, closeDelay: 100, withArrow: true } },
    // Icon-only close buttons are named for screen readers (axe: button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': i18n.t('shell.close') } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': i18n.t('shell.close') } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': i18n.t('shell.close') } } },
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
          'aria-label': i18n.t(`shell.pageControl.${control}`),
        }),
      },
    },
    // Mantine's focus placeholder is a role=presentation child of role=menu, which ARIA forbids;
    // without it the menu focuses its first item, as the menu pattern asks.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** Dimmed text and error text dark enough for 4.5:1 on white and on the page's grey (WCAG AA). */
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

/** Providers of the page: theme, toasts, query cache, About dialog and router. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <AboutProvider>
          <RouterProvider router={router} />
        </AboutProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
