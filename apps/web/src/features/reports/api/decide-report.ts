import type { ReportDecision } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';

type Decision = { propertyId: string; decision: ReportDecision; note: string };

/**
 * One decision on every open report of a listing; a 409 means there is none left (another admin
 * decided first) or the listing cannot be removed while a sale is under way.
 */
export const decideReport = ({ propertyId, decision, note }: Decision) =>
  api(`/api/admin/reports/${encodeURIComponent(propertyId)}/decision`, {
    method: 'POST',
    body: { decision, note },
    schema: ZMessageResponse,
  });

export function useDecideReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    // Decided or refused, everything is refreshed: the queue, and the listing and agent the
    // decision may have removed or closed everywhere else.
    onSettled: () => client.invalidateQueries(),
  });
}
