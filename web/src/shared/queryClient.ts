import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** The page's single query cache; route loaders and components share it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (401, 403, 404 ...) will not change on retry; one retry for server hiccups.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    },
  },
});
