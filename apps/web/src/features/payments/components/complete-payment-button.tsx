import { PAYMENT_MESSAGES } from '@keyhaven/shared';
import { useState } from 'react';
import { MessageDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { InlineSpinner } from '@/components/ui/spinner';
import { type CheckoutOffer, useCreateCheckoutSession } from '../api/create-checkout-session';

type CompletePaymentButtonProps = {
  offer: CheckoutOffer;
  className?: string;
};

/**
 * Complete Payment for an accepted offer: opens a checkout and sends the browser there. A failure
 * shows 'Payment Failed' (spec section 8).
 */
export function CompletePaymentButton({ offer, className }: CompletePaymentButtonProps) {
  const checkout = useCreateCheckoutSession();
  const [failed, setFailed] = useState(false);
  // Success leaves the page; until the browser has gone, the button stays busy.
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <>
      <Button
        className={className}
        disabled={busy}
        aria-busy={busy}
        onClick={() => checkout.mutate(offer, { onError: () => setFailed(true) })}
      >
        {busy && <InlineSpinner />}
        {busy ? 'Opening checkout...' : 'Complete Payment'}
        {!busy && <span className="sr-only">: {offer.title}</span>}
      </Button>
      <MessageDialog
        open={failed}
        onClose={() => setFailed(false)}
        title={PAYMENT_MESSAGES.sessionFailedTitle}
        message={PAYMENT_MESSAGES.sessionFailed}
      />
    </>
  );
}
