import { formatDollars } from '@keyhaven/shared/constants';
import { PAYMENT_MESSAGES } from '@keyhaven/shared/texts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/form-icons';
import { CheckIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { offerKeys, propertyKeys } from '@/lib/query-keys';
import { useVerifyPayment } from '../api/verify-payment';

type ResultProps = {
  tone: 'success' | 'warning' | 'error';
  title: string;
  children: ReactNode;
};

function Result({ tone, title, children }: ResultProps) {
  const Icon = tone === 'success' ? CheckIcon : AlertIcon;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      <Icon
        className={cn(
          'mx-auto size-16',
          tone === 'success'
            ? 'text-teal-700'
            : tone === 'warning'
              ? 'text-amber-700'
              : 'text-red-700',
        )}
      />
      <h1 className="mt-4 text-3xl font-bold text-teal-900">{title}</h1>
      <div className="mt-4 text-stone-700">{children}</div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.dashboard.bought} className={buttonStyles({ size: 'lg' })}>
          Purchased Properties
        </Link>
        <Link
          to={paths.allProperties}
          className={buttonStyles({ size: 'lg', variant: 'secondary' })}
        >
          Browse Properties
        </Link>
      </div>
    </div>
  );
}

/** The result when money arrived for an offer that could no longer be paid. */
const REFUND_TITLE = 'Payment To Be Refunded';

/**
 * Payment Success: reads `session_id`, asks the server whether that checkout is
 * paid, and says so: verifying, 'Payment Successful!', 'Payment Not Verified' or 'Error Occurred';
 * or, when the money came after the offer stopped being payable, that it will be refunded.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const verify = useVerifyPayment(sessionId);
  const queryClient = useQueryClient();
  const verified = verify.data?.verified === true;
  const settled = verified || verify.data?.refundDue === true;

  // A paid checkout sold a home, or money for an ended offer is held for a refund: the buyer's
  // offers and the listings may have changed.
  useEffect(() => {
    if (!settled) return;
    void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
  }, [settled, queryClient]);

  if (!sessionId) {
    return (
      <Result tone="error" title={PAYMENT_MESSAGES.error}>
        <p>This page needs a payment session to check, and none was given.</p>
      </Result>
    );
  }
  if (verify.isPending) {
    return (
      <div className="py-24 text-center">
        <Spinner label="Verifying your payment" />
        <p className="mt-4 text-stone-700" aria-hidden="true">
          Verifying your payment...
        </p>
      </div>
    );
  }
  if (verify.isError) {
    return (
      <Result tone="error" title={PAYMENT_MESSAGES.error}>
        <p role="alert">
          {errorMessage(verify.error, 'We could not check this payment. Please try again later.')}
        </p>
      </Result>
    );
  }
  const { transactionId, amount } = verify.data;
  if (verify.data.refundDue) {
    return (
      <Result tone="warning" title={REFUND_TITLE}>
        <p>
          Your payment arrived after this offer could no longer be completed, so the property was
          not sold to you. The full amount will be refunded to the card you paid with.
        </p>
        <dl className="mx-auto mt-6 max-w-sm space-y-3 rounded-2xl border border-sand bg-white p-5 text-left shadow-sm">
          <div>
            <dt className="text-sm font-semibold text-stone-600">Amount to be refunded</dt>
            <dd className="text-xl font-bold text-teal-900">{formatDollars(amount)}</dd>
          </div>
        </dl>
      </Result>
    );
  }
  if (!verify.data.verified) {
    return (
      <Result tone="warning" title={PAYMENT_MESSAGES.notVerified}>
        <p>
          We have no confirmed payment for this checkout yet. If you completed it, check again in a
          moment; otherwise you can pay from Purchased Properties.
        </p>
      </Result>
    );
  }
  return (
    <Result tone="success" title={PAYMENT_MESSAGES.success}>
      <p>Thank you! The property is yours.</p>
      <dl className="mx-auto mt-6 max-w-sm space-y-3 rounded-2xl border border-sand bg-white p-5 text-left shadow-sm">
        <div>
          <dt className="text-sm font-semibold text-stone-600">Amount paid</dt>
          <dd className="text-xl font-bold text-teal-900">{formatDollars(amount)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-stone-600">Transaction ID</dt>
          <dd className="font-mono text-sm break-all text-stone-900">{transactionId}</dd>
        </div>
      </dl>
    </Result>
  );
}
