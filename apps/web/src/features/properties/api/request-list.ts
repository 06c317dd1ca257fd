import type { SessionResponse } from '@keyhaven/shared';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { apiErrorFrom } from '@/lib/api-client';

export type ListQuery = Record<string, string | number | undefined>;

type ListRequest = {
  query?: ListQuery;
  signal?: AbortSignal;
  /** Given for signed-in calls: a 401/403 then signs the visitor out, as `api()` does. */
  client?: QueryClient;
};

function withQuery(path: string, query: ListQuery = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const listLength = (body: unknown) => (Array.isArray(body) ? body.length : 0);

/**
 * GETs a list the server pages with an `X-Total-Count` header, which `api()` does not expose.
 * The body is returned unchecked so each caller validates it as strictly as its page affords
 * (the home page, on the first download, takes the server's word for it).
 *
 * TODO(lib): move into lib/api-client as a headers-aware `api` variant so the sign-out policy on
 * 401/403 lives in one place.
 */
export async function requestList(
  path: string,
  { query, signal, client }: ListRequest,
): Promise<{ body: unknown; total: number }> {
  const response = await fetch(withQuery(path, query), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if ((response.status === 401 || response.status === 403) && client) {
      client.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
    }
    throw apiErrorFrom(response.status, body);
  }
  const header = response.headers.get('x-total-count');
  const counted = header === null ? Number.NaN : Number(header);
  const total = Number.isInteger(counted) && counted >= 0 ? counted : listLength(body);
  return { body, total };
}
