import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { offerKeys, propertyKeys } from '@/lib/query-keys';

/**
 * The agent lets go of a listing's accepted offer that was not paid by its deadline (an admin may
 * at any time); the home is offered to buyers again. Before the deadline the server answers 409
 * with the reason.
 */
export const releaseOffer = (propertyId: string) =>
  api(`/api/properties/release-offer/${encodeURIComponent(propertyId)}`, {
    method: 'PATCH',
    schema: ZMessageResponse,
  });

export function useReleaseOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseOffer,
    // Awaited, so the page has redrawn the offer by the time the dialog closes.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.all }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
      ]),
  });
}
