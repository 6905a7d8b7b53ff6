import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';

/** Client errors (4xx) are answers, not glitches: only transport and 5xx failures are retried once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status !== null && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
