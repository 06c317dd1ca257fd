import { TIMINGS_MS } from '@keyhaven/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { type SessionResponse, type User, ZSessionResponse } from '@/lib/user';

export const sessionQueryKey = ['session'] as const;

export const getSession = (signal?: AbortSignal): Promise<SessionResponse> =>
  // A signed-out visitor is an answer here, not a reason to sign anyone out.
  api(apiPaths.session, { schema: ZSessionResponse, signal, signOutOn: [] });

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: TIMINGS_MS.cacheStale,
  });

export const useSession = () => useQuery(sessionQueryOptions());

/**
 * The signed-in user, for components rendered below `RequireAuth`, which only renders its
 * children once the session holds a user.
 */
export function useSignedInUser(): User {
  const { data } = useSession();
  if (!data?.user) throw new Error('useSignedInUser is only available below RequireAuth');
  return data.user;
}
