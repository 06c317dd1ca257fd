import { formatDollars, OFFER_MESSAGES } from '@keyhaven/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/features/auth/api/get-session';
import { CompletePaymentButton } from '@/features/payments/components/complete-payment-button';
import { detailsPath } from '@/features/properties/components/property-card';
import { PropertyImage } from '@/features/properties/components/property-image';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useMyOffers } from '../api/get-my-offers';
import { useWithdrawOffer } from '../api/withdraw-offer';
import { RequestStatusBadge } from '../components/offer-status-badge';
import type { UserRequest } from '../types';

type OfferCardProps = {
  offer: UserRequest;
  /** Fraud accounts keep their history but cannot pay. */
  canPay: boolean;
  onWithdraw: (offer: UserRequest) => void;
};

const STATUS_NOTES: Partial<Record<UserRequest['requestStatus'], string>> = {
  pending: 'Waiting for the agent to accept or reject your offer.',
  accepted: 'The agent accepted your offer. Complete the payment to buy this property.',
  rejected: 'The agent did not accept this offer.',
};

function OfferCard({ offer, canPay, onWithdraw }: OfferCardProps) {
  const { offerAmount, selectedDate } = offer.userRequestDetails;
  const status = offer.requestStatus;
  const payable = status === 'accepted' && offer.soldStatus === 'false';

  return (
    <article
      aria-labelledby={`offer-${offer.offerId}`}
      className="flex flex-col gap-4 rounded-2xl border border-sand bg-white p-4 shadow-sm sm:flex-row"
    >
      <PropertyImage
        image={offer.image}
        alt={offer.title}
        variant="card"
        className="w-full rounded-lg sm:w-44 sm:shrink-0 sm:self-start"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <RequestStatusBadge status={status} />
        </div>
        <h2 id={`offer-${offer.offerId}`} className="mt-2 text-lg font-bold text-stone-900">
          {offer.title}
        </h2>
        <p className="text-sm text-stone-700">{offer.location}</p>
        <p className="mt-1 text-sm text-stone-700">Agent: {offer.agentName}</p>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-stone-600">Offer amount: </dt>
            <dd className="inline font-semibold text-teal-900">{formatDollars(offerAmount)}</dd>
          </div>
          <div>
            <dt className="inline text-stone-600">Buying date: </dt>
            <dd className="inline font-medium text-stone-900">{formatDate(selectedDate)}</dd>
          </div>
          {status === 'bought' && offer.transactionId && (
            <div className="sm:col-span-2">
              <dt className="inline text-stone-600">Transaction ID: </dt>
              <dd className="inline font-mono text-sm break-all text-stone-900">
                {offer.transactionId}
              </dd>
            </div>
          )}
        </dl>
        {STATUS_NOTES[status] && (
          <p className="mt-3 text-sm text-stone-700">{STATUS_NOTES[status]}</p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:w-48 sm:shrink-0">
        {payable && canPay && (
          <CompletePaymentButton
            offer={{
              propertyId: offer._id,
              title: offer.title,
              location: offer.location,
              image: offer.image,
              amount: offerAmount,
            }}
          />
        )}
        <Link to={detailsPath(offer._id)} className={buttonStyles({ variant: 'secondary' })}>
          View Details<span className="sr-only">: {offer.title}</span>
        </Link>
        {status === 'pending' && (
          <Button variant="dangerOutline" onClick={() => onWithdraw(offer)}>
            Withdraw Offer<span className="sr-only">: {offer.title}</span>
          </Button>
        )}
      </div>
    </article>
  );
}

function NoPurchases() {
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-stone-900">{OFFER_MESSAGES.noPurchases}</p>
      <p className="mt-2 text-stone-700">
        Offers you make appear here, with their status, until the property is yours.
      </p>
      <Link to={paths.allProperties} className={buttonStyles({ className: 'mt-5' })}>
        Browse Properties
      </Link>
    </div>
  );
}

/**
 * My Bought Properties (spec section 2): every offer the buyer made, its status, Complete Payment
 * once accepted, the transaction id once bought, and Withdraw while pending.
 */
export function PurchasedPropertiesPage() {
  const user = useSignedInUser();
  const offers = useMyOffers(user.uid);
  const withdraw = useWithdrawOffer();
  const [withdrawing, setWithdrawing] = useState<UserRequest | null>(null);
  const headingRef = useRef<HTMLParagraphElement>(null);
  const withdrawnRef = useRef(false);

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(
      { propertyId: withdrawing._id, uid: user.uid },
      {
        onSuccess: () => {
          withdrawnRef.current = true;
          toast.success(OFFER_MESSAGES.removed);
        },
        onError: () => toast.error(OFFER_MESSAGES.removeFailed),
        onSettled: () => setWithdrawing(null),
      },
    );
  };

  return (
    <ContentLayout heading="Purchased Properties">
      {offers.isPending ? (
        <Spinner label="Loading your offers" className="py-16" />
      ) : offers.isError ? (
        <ErrorState
          title="We couldn't load your offers"
          message="Check your connection and try again."
          onRetry={() => offers.refetch()}
        />
      ) : offers.data.length === 0 ? (
        <NoPurchases />
      ) : (
        <>
          <p ref={headingRef} tabIndex={-1} className="mt-2 text-stone-700">
            {offers.data.length === 1 ? '1 offer' : `${offers.data.length} offers`}
          </p>
          <ul className="mt-6 space-y-4">
            {offers.data.map((offer) => (
              <li key={offer.offerId}>
                <OfferCard
                  offer={offer}
                  canPay={user.role !== 'fraud'}
                  onWithdraw={setWithdrawing}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title="Withdraw this offer?"
        description={
          <p>
            Your offer of{' '}
            <strong>{formatDollars(withdrawing?.userRequestDetails.offerAmount ?? 0)}</strong> on{' '}
            <strong>{withdrawing?.title}</strong> will be taken back. The agent will no longer see
            it.
          </p>
        }
        confirmLabel="Withdraw Offer"
        pendingLabel="Withdrawing..."
        tone="danger"
        pending={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCloseAutoFocus={(event) => {
          if (!withdrawnRef.current) return;
          withdrawnRef.current = false;
          event.preventDefault();
          headingRef.current?.focus();
        }}
      />
    </ContentLayout>
  );
}
