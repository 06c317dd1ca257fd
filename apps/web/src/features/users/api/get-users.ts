import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { type User, ZUser } from '@/features/auth/types';
import { parseBody, request } from '@/lib/api-client';
import { usersQueryKey } from './get-user';

const ALL_USERS_PATH = '/api/all-users';

const ZUserList = v.array(ZUser);

export type UsersPage = { users: User[]; total: number };

/**
 * One page of every user, newest first (admin only). The total arrives in the `X-Total-Count`
 * header, so this reads the answer's headers as well as its body.
 */
export async function getUsers(
  { page, limit }: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<UsersPage> {
  const { payload, headers } = await request(ALL_USERS_PATH, { query: { page, limit }, signal });
  const users = await parseBody(ZUserList, payload, `GET ${ALL_USERS_PATH}`);
  const header = Number(headers.get('x-total-count'));
  const total = Number.isFinite(header) && header >= 0 ? header : users.length;
  return { users, total };
}

export function useUsers(page: number, limit: number) {
  return useQuery(
    queryOptions({
      queryKey: [...usersQueryKey, 'list', { page, limit }],
      queryFn: ({ signal }) => getUsers({ page, limit }, signal),
      // The current page stays up while the next one loads.
      placeholderData: keepPreviousData,
    }),
  );
}
