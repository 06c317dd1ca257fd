import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { notificationKeys } from './notification-keys';

/**
 * Gives a job that failed for good one more try (admin only): it leaves the list and runs again
 * shortly; if it fails again it is listed again.
 */
export const runFailedJobAgain = (id: string) =>
  api(`/api/admin/failed-jobs/${encodeURIComponent(id)}/run-again`, {
    method: 'POST',
    schema: ZMessageResponse,
  });

export function useRunFailedJobAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runFailedJobAgain,
    // Awaited, so the row has left the list by the time the button is free again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.allFailedJobs }),
  });
}
