import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { type SessionResponse, type User, ZUser } from '@/features/auth/types';
import { apiErrorFrom, parseBody } from '@/lib/api-client';
import { usersQueryKey } from './get-user';

const ALL_USERS_PATH = '/api/all-users';

const ZUserList = v.array(ZUser);

export type UsersPage = { users: User[]; total: number };

/**
 * One page of every user, newest first (admin only). The total arrives in the `X-Total-Count`
 * header, which the JSON API client does not expose, so this reads the response itself and fails
 * the way the client does. `onUnauthorized` is the client's rule: a 401 or 403 signs out.
 */
export async function getUsers(
  { page, limit }: { page: number; limit: number },
  { signal, onUnauthorized }: { signal?: AbortSignal; onUnauthorized: () => void },
): Promise<UsersPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const response = await fetch(`${ALL_USERS_PATH}?${query}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    if (response.status === 401 || response.status === 403) onUnauthorized();
    throw apiErrorFrom(response.status, payload);
  }
  const users = await parseBody(ZUserList, payload, `GET ${ALL_USERS_PATH}`);
  const header = Number(response.headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= 0 ? header : users.length;
  return { users, total };
}

export function useUsers(page: number, limit: number) {
  const queryClient = useQueryClient();
  const onUnauthorized = () =>
    queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
  return useQuery(
    queryOptions({
      queryKey: [...usersQueryKey, 'list', { page, limit }],
      queryFn: ({ signal }) => getUsers({ page, limit }, { signal, onUnauthorized }),
      // The current page stays up while the next one loads.
      placeholderData: keepPreviousData,
    }),
  );
}
