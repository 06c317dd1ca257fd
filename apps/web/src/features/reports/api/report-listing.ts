import type { ReportListingRequest } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { reportKeys } from './query-keys';

/*
 * A 409 (already reported, or the caller's own listing), a 429 (too many reports this hour) and a
 * 403 are the server's reasons, shown in the dialog; only a 401 signs the visitor out.
 */

/** Reports a listing to the admins; answers the thank-you the reporter reads. */
export const reportListing = ({
  propertyId,
  ...body
}: ReportListingRequest & { propertyId: string }) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/reports`, {
    method: 'POST',
    body,
    schema: ZMessageResponse,
    signOutOn: [401],
  });

export function useReportListing(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportListingRequest) => reportListing({ propertyId, ...body }),
    // Sent or refused as already sent, the viewer's report is now on the server: ask for it.
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.mine(propertyId) }),
  });
}
