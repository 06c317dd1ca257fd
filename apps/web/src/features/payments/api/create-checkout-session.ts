import type { CheckoutResponse } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { ApiError, api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';
import { offerKeys } from '@/lib/query-keys';

// The browser is sent to `url` next, so an empty one is a broken answer, not a page to open.
const checkoutTwin = v.object({ url: v.pipe(v.string(), v.nonEmpty()) });
const ZCheckoutResponse: ContractTwin<typeof checkoutTwin, CheckoutResponse> = checkoutTwin;

export type CheckoutOffer = {
  propertyId: string;
  title: string;
  location: string;
  image: string | null;
  amount: number;
};

/**
 * Opens a checkout for the buyer's accepted offer on a listing (the checkout's offer shape).
 * The server charges the stored offer, whatever amount is sent; the answer's `url` is where the
 * browser goes next: the test checkout here, or the card provider's page.
 */
export const createCheckoutSession = ({
  propertyId,
  title,
  location,
  image,
  amount,
}: CheckoutOffer) =>
  api('/api/payment/create-checkout-session', {
    method: 'POST',
    body: {
      offer: {
        _id: propertyId,
        property: { _id: propertyId, title, location, image },
        offerDetails: { amount },
      },
    },
    schema: ZCheckoutResponse,
  });

/**
 * Starts a payment and sends the browser to the checkout; the page is left behind. A refusal
 * because the offer's state changed (a hold, a passed deadline) refreshes the buyer's offers, so
 * the page shows that state instead of the button.
 */
export function useCreateCheckoutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: offerKeys.all });
      }
    },
  });
}
