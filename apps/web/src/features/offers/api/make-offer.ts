import type { MakeOfferRequest } from '@keyhaven/shared';
import { type Mutation, useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { offerKeys, propertyKeys, wishlistKeys } from '@/lib/query-keys';

type MakeOfferVariables = {
  propertyId: string;
  body: MakeOfferRequest;
  /**
   * Names this submission, so the page the buyer is sent to at once can find
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

/** Saves a listing to the buyer's wishlist, with the buyer's own fields. */
export type KeepOnWishlist = (save: {
  propertyId: string;
  user: Omit<MakeOfferRequest, 'offerAmount' | 'selectedDate'>;
}) => Promise<unknown>;

/**
 * Offers, then keeps the listing on the buyer's wishlist, where they are sent at once and where it
 * shows 'Offer Requested' until they remove it. Saving a listing already saved keeps one entry;
 * a failed save does not undo the offer.
 */
async function offerAndSave(variables: MakeOfferVariables, keepOnWishlist: KeepOnWishlist) {
  const answer = await makeOffer(variables);
  const { uid, _id, email, name, phone, photo, role } = variables.body;
  await keepOnWishlist({
    propertyId: variables.propertyId,
    user: { uid, _id, email, name, phone, photo, role },
  }).catch(() => undefined);
  return answer;
}

/**
 * Sends an offer. The callbacks live on the mutation itself rather than on `mutate`, so they run
 * even though the Make Offer page is gone by the time the server answers.
 */
export function useMakeOffer(keepOnWishlist: KeepOnWishlist) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: offerKeys.make,
    mutationFn: (variables: MakeOfferVariables) => offerAndSave(variables, keepOnWishlist),
    onSuccess: (_data, { propertyId }) => {
      // The listing's page shows the buyer's offer from now on.
      void queryClient.invalidateQueries({ queryKey: propertyKeys.detail(propertyId) });
      // The submission settles once the wishlist and the buyer's offers are fresh, so the page
      // the buyer waits on never shows the listing missing or still open to an offer.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.all }),
        queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
      ]);
    },
  });
}

/**
 * Whether the offer the buyer was just sent to this page from is still on its way (the ticket
 * in the navigation state names it).
 */
export function useOfferOnItsWay() {
  const location = useLocation();
  const ticket = (location.state as Partial<OfferSubmittedState> | null)?.offerTicket;
  const pending = useIsMutating({
    mutationKey: offerKeys.make,
    predicate: (mutation) => ticket !== undefined && isOfferSubmission(mutation, ticket),
  });
  return pending > 0;
}
