import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';

export const deleteUser = (userId: string) =>
  api(`/api/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    schema: ZMessageResponse,
  });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // An agent's listings and a buyer's offers and reviews go with the account.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
