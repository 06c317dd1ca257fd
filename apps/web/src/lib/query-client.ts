import { QUERY_RETRIES, TIMINGS_MS } from '@keyhaven/shared/constants';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx will answer the same on every attempt, so only network and server failures retry. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: TIMINGS_MS.cacheStale, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
