import type { RefundItem } from '@keyhaven/shared';
import { formatDollars } from '@keyhaven/shared/constants';
import { useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useRefundPayment, useRefunds } from '../api/refunds';

/** What a refund row is called on screen: its listing, or what is left of it. */
const titleOf = (refund: RefundItem) => refund.propertyTitle ?? 'Deleted listing';

type RefundCardProps = {
  refund: RefundItem;
  busy: boolean;
  onRefund: (refund: RefundItem) => void;
};

function RefundCard({ refund, busy, onRefund }: RefundCardProps) {
  const title = titleOf(refund);
  const due = refund.status === 'refund_due';
  return (
    <article
      aria-labelledby={`refund-${refund._id}`}
      className="flex flex-col gap-4 rounded-2xl border border-sand bg-white p-4 shadow-sm sm:flex-row sm:items-start"
    >
      <div className="min-w-0 flex-1">
        <Badge tone={due ? 'amber' : 'green'} srPrefix="Status:">
          {due ? 'Refund due' : 'Refunded'}
        </Badge>
        <h2 id={`refund-${refund._id}`} className="mt-2 text-lg font-bold text-stone-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{refund.reason}</p>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-stone-600">Amount: </dt>
            <dd className="inline font-semibold text-teal-900">{formatDollars(refund.amount)}</dd>
          </div>
          <div>
            <dt className="inline text-stone-600">Paid: </dt>
            <dd className="inline text-stone-900">
              {refund.paidAt ? formatDate(refund.paidAt) : 'Unknown'}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="inline text-stone-600">Buyer: </dt>
            <dd className="inline break-all text-stone-900">
              {refund.buyerEmail ?? 'Deleted account'}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="inline text-stone-600">Transaction ID: </dt>
            <dd className="inline font-mono break-all text-stone-900">
              {refund.transactionId ?? '—'}
            </dd>
          </div>
        </dl>
      </div>
      {due && (
        <Button
          variant="danger"
          className="sm:w-40"
          disabled={busy}
          onClick={() => onRefund(refund)}
        >
          Refund
          <span className="sr-only">
            : {formatDollars(refund.amount)} for {title}
          </span>
        </Button>
      )}
    </article>
  );
}

/**
 * Refunds (admin): money that arrived for an offer that could no longer be paid (the listing went
 * back to review, its agent was marked as fraud, or the offer had ended), to be sent back through
 * the provider that took it, after confirmation.
 */
export function RefundsPage() {
  const refunds = useRefunds();
  const refund = useRefundPayment();
  const [dialog, setDialog] = useState<{ open: boolean; refund: RefundItem | null }>({
    open: false,
    refund: null,
  });
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const focus = useReturnFocus();
  const close = () => setDialog((current) => ({ ...current, open: false }));
  const chosen = dialog.refund;

  const confirm = () => {
    if (!chosen) return;
    refund.mutate(chosen._id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) =>
        toast.error(errorMessage(error, 'Something went wrong while refunding the payment.')),
      onSettled: close,
    });
  };

  const due = refunds.data?.filter((item) => item.status === 'refund_due').length ?? 0;

  return (
    <ContentLayout heading="Refunds">
      <p className="mt-2 text-stone-700">
        Payments that arrived after their offer could no longer be completed. No home was sold for
        them: send the money back to the buyer.
      </p>
      <div className="mt-6">
        {refunds.isPending ? (
          <Spinner label="Loading refunds" className="py-16" />
        ) : refunds.isError ? (
          <ErrorState
            inline
            error={refunds.error}
            message="We couldn't load the refunds. Please try again."
            onRetry={() => refunds.refetch()}
            retrying={refunds.isFetching}
          />
        ) : refunds.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-700">
            No payment needs a refund.
          </p>
        ) : (
          <>
            <p ref={summaryRef} tabIndex={-1} className="text-stone-700">
              {due === 0
                ? 'Nothing left to refund'
                : due === 1
                  ? '1 payment to refund'
                  : `${due} payments to refund`}
            </p>
            <ul className="mt-4 space-y-4">
              {refunds.data.map((item) => (
                <li key={item._id}>
                  <RefundCard
                    refund={item}
                    busy={refund.isPending}
                    onRefund={(picked) => {
                      focus.remember();
                      setDialog({ open: true, refund: picked });
                    }}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <ConfirmDialog
        open={dialog.open}
        onOpenChange={(open) => !open && close()}
        title="Refund this payment?"
        description={
          chosen && (
            <>
              <p>
                <strong>{formatDollars(chosen.amount)}</strong> goes back to{' '}
                <strong className="break-all">{chosen.buyerEmail ?? 'the buyer'}</strong> for{' '}
                <strong>{titleOf(chosen)}</strong>.
              </p>
              <p>The refund is sent through the payment provider and cannot be undone.</p>
            </>
          )
        }
        confirmLabel="Refund"
        pendingLabel="Refunding..."
        tone="danger"
        pending={refund.isPending}
        onConfirm={confirm}
        // The Refund button goes once the payment is refunded: focus moves to the summary.
        onCloseAutoFocus={(event) => focus.restore(event, summaryRef.current)}
      />
    </ContentLayout>
  );
}
