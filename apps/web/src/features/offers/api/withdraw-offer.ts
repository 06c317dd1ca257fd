import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { offerKeys } from './query-keys';

type Withdrawal = { propertyId: string; uid: string };

/** The buyer takes back a pending offer on a listing. */
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
