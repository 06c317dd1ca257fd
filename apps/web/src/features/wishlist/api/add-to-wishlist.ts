import type { MakeOfferRequest } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { wishlistKeys } from '@/lib/query-keys';

/** The buyer's own fields, which the request carries (the server checks they are ours). */
type WishlistUser = Omit<MakeOfferRequest, 'offerAmount' | 'selectedDate'>;

type Save = { propertyId: string; user: WishlistUser };

/** Saves a listing to the signed-in buyer's wishlist; saving twice keeps one entry. */
export const addToWishlist = ({ propertyId, user }: Save) =>
  api(`/properties/${encodeURIComponent(propertyId)}/wishlist`, {
    method: 'PATCH',
    // The status and the buyer's own fields (the server checks they are ours).
    body: {
      wishlistStatus: 'true',
      wishlistUser: {
        uid: user.uid,
        _id: user._id,
        email: user.email,
        name: user.name,
        phone: user.phone,
        photo: user.photo,
        role: user.role,
      },
    },
    schema: ZMessageResponse,
  });

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}
