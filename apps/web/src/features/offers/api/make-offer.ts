import type { MakeOfferRequest } from '@keyhaven/shared';
import { type Mutation, useMutation, useQueryClient } from '@tanstack/react-query';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { wishlistKeys } from '@/features/wishlist/api/query-keys';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { offerKeys } from './query-keys';

export type MakeOfferVariables = {
  propertyId: string;
  body: MakeOfferRequest;
  /**
   * Names this submission, so the page the buyer is sent to at once (spec section 2) can find
   * its outcome in the mutation cache.
   */
  ticket: string;
};

/** Navigation state of the page a buyer lands on after submitting: it shows the outcome. */
export type OfferSubmittedState = { offerTicket: string };

/** Offers on a listing (buyers only); the server answers with a message. */
export const makeOffer = ({ propertyId, body }: MakeOfferVariables) =>
  api(`/make-offer/${encodeURIComponent(propertyId)}`, {
    method: 'PATCH',
    body,
    schema: ZMessageResponse,
  });

/** A fresh ticket for one submission. */
export const newOfferTicket = () => `${Date.now().toString(36)}-${Math.random().toString(36)}`;

/** Whether a cached mutation is the offer submission with this ticket. */
export const isOfferSubmission = (mutation: Mutation<unknown, Error, unknown>, ticket: string) =>
  (mutation.state.variables as MakeOfferVariables | undefined)?.ticket === ticket;

/**
 * Sends an offer. The callbacks live on the mutation itself rather than on `mutate`, so they run
 * even though the Make Offer page is gone by the time the server answers.
 */
export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: offerKeys.make,
    mutationFn: makeOffer,
    onSuccess: (_data, { propertyId }) => {
      // Spec section 4: the property-details cache is refreshed. The server also takes the
      // listing off the buyer's wishlist. Not awaited: the outcome dialog should not wait.
      void queryClient.invalidateQueries({ queryKey: propertyKeys.detail(propertyId) });
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
      void queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    },
  });
}
