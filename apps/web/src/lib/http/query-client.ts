import { QueryClient } from '@tanstack/react-query';
import { onSessionReset } from '../session/auth-status';
import { ApiError } from './api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // Client errors (401, 403, 404, 400) will not improve on a retry.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

// Server data of one session must not show in the next.
onSessionReset(() => queryClient.clear());
