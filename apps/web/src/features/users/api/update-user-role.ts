import type { Role } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';

type RoleChange = { userId: string; role: Role };

/** Answers `User role has been updated to {role}`; a move ROLE_MOVES forbids is a 409. */
export const updateUserRole = ({ userId, role }: RoleChange) =>
  api(`/api/user-role-update/${encodeURIComponent(userId)}/${role}`, {
    method: 'PATCH',
    schema: ZMessageResponse,
  });

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    // Refused or not, everything is refreshed: a refusal usually means someone else changed the
    // user first, and a fraud agent's listings leave the public lists.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
