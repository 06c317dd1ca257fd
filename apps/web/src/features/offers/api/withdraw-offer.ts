import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { offerKeys, propertyKeys } from '@/lib/query-keys';

type Withdrawal = { propertyId: string; uid: string };

/**
 * The buyer takes back their offer on a listing: a pending one disappears; an accepted one not
 * yet paid ends as withdrawn and the home is offered again. The answer's message says which.
 */
export const withdrawOffer = ({ propertyId, uid }: Withdrawal) =>
  api(`/requested-properties/${encodeURIComponent(propertyId)}/remove`, {
    method: 'PATCH',
    body: { uid },
    schema: ZMessageResponse,
  });

export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOffer,
    // Awaited, so the page has redrawn the offer by the time the dialog closes.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.all }),
        // Withdrawing an accepted offer makes the home Available again.
        queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
      ]),
  });
}
