import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMessage } from '@/features/properties/types';
import { api } from '@/lib/api-client';
import { wishlistKeys } from './query-keys';

type Removal = { propertyId: string; uid: string };

export const removeFromWishlist = ({ propertyId, uid }: Removal) =>
  api(`/wishlist-properties/${encodeURIComponent(propertyId)}/remove`, {
    method: 'PATCH',
    body: { uid },
    schema: ZMessage,
  });

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}
