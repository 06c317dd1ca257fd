import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { reviewKeys } from './query-keys';

/** Deletes a review (its reviewer, or an admin moderating). */
export const deleteReview = (id: string) =>
  api(`/api/property-reviews/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: ZMessageResponse,
  });

export function useDeleteReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
