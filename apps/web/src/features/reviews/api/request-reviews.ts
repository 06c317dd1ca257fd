import type { SessionResponse } from '@keyhaven/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { apiErrorFrom, parseBody } from '@/lib/api-client';
import type { PublicReview, ReviewPage } from '../types';

type ReviewListRequest = {
  query: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Called on a 401 or 403, the API client's rule: the visitor is signed out. */
  onUnauthorized?: () => void;
};

/**
 * GETs one page of reviews with the total from the `X-Total-Count` header, which the JSON API
 * client does not expose; it fails the way that client does. `list` checks the answer: the
 * public lists' twin or the full one of My Reviews and Manage Reviews.
 */
export async function requestReviews<T extends PublicReview>(
  path: string,
  list: v.GenericSchema<unknown, T[]>,
  { query, signal, onUnauthorized }: ReviewListRequest,
): Promise<ReviewPage<T>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const response = await fetch(`${path}?${params}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    if (response.status === 401 || response.status === 403) onUnauthorized?.();
    throw apiErrorFrom(response.status, payload);
  }
  const reviews = await parseBody(list, payload, `GET ${path}`);
  const header = Number(response.headers.get('x-total-count') ?? Number.NaN);
  const total = Number.isInteger(header) && header >= 0 ? header : reviews.length;
  return { reviews, total };
}

/** Signs the visitor out in the app state, as the API client does on a 401 or 403. */
export const signOutLocally = (client: QueryClient) =>
  client.setQueryData<SessionResponse>(sessionQueryKey, { user: null });

/** `signOutLocally` bound to this app's query client. */
export function useSignOutLocally() {
  const client = useQueryClient();
  return () => signOutLocally(client);
}
