import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/hooks/use-session';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { apiPaths } from '@/lib/paths';
import type { SessionResponse } from '@/lib/user';

export const logout = () => api(apiPaths.logout, { method: 'POST', schema: ZMessageResponse });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
      // Whatever was fetched for the previous user must not be shown to the next one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    },
    // The visitor asked to leave: a failed logout is only reported to the console, never shown.
    onError: (error) => console.warn('Logout failed', error),
  });
}
