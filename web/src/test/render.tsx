import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

export interface ProviderOptions {
  /** The router's starting address (components that navigate need a router). */
  route?: string;
  /** A query cache to share or inspect; a fresh one without retries otherwise. */
  queryClient?: QueryClient;
}

/** A query cache for one test: no retries, nothing kept between tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** The page's providers (Mantine theme, toasts, dialogs, query cache, router) around `children`. */
export function Providers({ children, route = '/', queryClient }: ProviderOptions & { children: ReactNode }) {
  const client = queryClient ?? testQueryClient();
  return (
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Renders `ui` inside the page's providers and returns Testing Library's queries with a
 * `user` (user-event) bound to the document.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  const { route, queryClient, ...rest } = options;
  const client = queryClient ?? testQueryClient();
  const user = userEvent.setup({ delay: null });
  const result = render(ui, {
    wrapper: ({ children }) => (
      <Providers route={route} queryClient={client}>
        {children}
      </Providers>
    ),
    ...rest,
  });
  return { ...result, user, queryClient: client };
}
