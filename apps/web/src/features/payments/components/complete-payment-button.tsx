import { PAYMENT_MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { MessageDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { InlineSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { type CheckoutOffer, useCreateCheckoutSession } from '../api/create-checkout-session';

type CompletePaymentButtonProps = {
  offer: CheckoutOffer;
  className?: string;
};

/**
 * Why a checkout could not be opened. A 409 is the server saying this offer cannot be paid now
 * (on hold, past its deadline, already paid), and EMAIL_NOT_VERIFIED that the buyer must confirm
 * their address first: their reason is the useful part. Anything else is 'Payment Failed' with
 * the general message.
 */
const failureMessage = (error: Error) =>
  error instanceof ApiError && (error.status === 409 || error.code === 'EMAIL_NOT_VERIFIED')
    ? error.message
    : PAYMENT_MESSAGES.sessionFailed;

/** Complete Payment for an accepted offer: opens a checkout and sends the browser there. */
export function CompletePaymentButton({ offer, className }: CompletePaymentButtonProps) {
  const checkout = useCreateCheckoutSession();
  const [failure, setFailure] = useState<string | null>(null);
  // Success leaves the page; until the browser has gone, the button stays busy.
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <>
      <Button
        className={className}
        disabled={busy}
        aria-busy={busy}
        onClick={() =>
          checkout.mutate(offer, { onError: (error) => setFailure(failureMessage(error)) })
        }
      >
        {busy && <InlineSpinner />}
        {busy ? 'Opening checkout...' : 'Complete Payment'}
        {!busy && <span className="sr-only">: {offer.title}</span>}
      </Button>
      <MessageDialog
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={PAYMENT_MESSAGES.sessionFailedTitle}
        message={failure ?? undefined}
      />
    </>
  );
}
