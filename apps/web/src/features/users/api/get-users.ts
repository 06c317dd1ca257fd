import type { UserList } from '@keyhaven/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiPage } from '@/lib/api-client';
import type { ListTwin } from '@/lib/contract-twins';
import { ZUser } from '@/lib/user';
import { usersQueryKey } from './get-user';

const ZUserList: ListTwin<typeof ZUser, UserList> = v.array(ZUser);

/** One page of every user, newest first (admin only). */
export const getUsers = ({ page, limit }: { page: number; limit: number }, signal?: AbortSignal) =>
  apiPage('/api/all-users', { schema: ZUserList, query: { page, limit }, signal });

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
