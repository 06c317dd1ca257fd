import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { reviewKeys } from './query-keys';

const ZMessage = z.object({ message: z.string() });

/** Deletes a review (its reviewer, or an admin moderating). */
export const deleteReview = (id: string) =>
  api(`/api/property-reviews/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZMessage });

export function useDeleteReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
