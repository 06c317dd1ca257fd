import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { offerKeys, propertyKeys } from '@/lib/query-keys';

type Answer = { propertyId: string; buyerEmail: string };

/** The agent accepts a buyer's pending offer; the listing's other pending offers are declined. */
export const acceptRequest = ({ propertyId, buyerEmail }: Answer) =>
  api(`/api/properties/accept-request/${encodeURIComponent(propertyId)}`, {
    method: 'PATCH',
    query: { email: buyerEmail },
    schema: ZMessageResponse,
  });

/** The agent rejects a buyer's pending offer (the request goes back to normal). */
export const rejectRequest = ({ propertyId, buyerEmail }: Answer) =>
  api(`/api/properties/requestStatus/${encodeURIComponent(propertyId)}`, {
    method: 'PATCH',
    query: { email: buyerEmail },
    body: { requestStatus: 'normal', userEmailToRemove: buyerEmail },
    schema: ZMessageResponse,
  });

/** An answer changes the offer lists and, on acceptance, the listing's availability. */
function useAnswer(mutationFn: (answer: Answer) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
      void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
    },
  });
}

export const useAcceptRequest = () => useAnswer(acceptRequest);
export const useRejectRequest = () => useAnswer(rejectRequest);
