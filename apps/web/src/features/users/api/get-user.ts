import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZUser } from '@/lib/user';

export const usersQueryKey = ['users'] as const;

export const getUser = (uid: string, signal?: AbortSignal) =>
  api(`/auth/users/${encodeURIComponent(uid)}`, { schema: ZUser, signal });

/** One user's record, keyed by the uid and cached 5 minutes like every read. */
export const userQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'detail', uid],
    queryFn: ({ signal }) => getUser(uid, signal),
  });

export const useUser = (uid: string) => useQuery(userQueryOptions(uid));
