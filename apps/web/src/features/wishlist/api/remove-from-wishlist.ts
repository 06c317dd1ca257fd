import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { wishlistKeys } from '@/lib/query-keys';

type Removal = { propertyId: string; uid: string };

export const removeFromWishlist = ({ propertyId, uid }: Removal) =>
  api(`/wishlist-properties/${encodeURIComponent(propertyId)}/remove`, {
    method: 'PATCH',
    body: { uid },
    schema: ZMessageResponse,
  });

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}
