import { formatDollars } from '@keyhaven/shared/constants';
import {
  OFFER_MESSAGES,
  PAYMENT_HOLD_MESSAGES,
  PROPERTY_MESSAGES,
  pausedDeadlineMessage,
  timeToPayLeft,
} from '@keyhaven/shared/texts';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { AgentLink } from '@/components/listing/agent-link';
import { isUnderReview, UnderReviewBadge } from '@/components/listing/listing-badges';
import { ListingPicture } from '@/components/listing/listing-picture';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { photoFromAddress } from '@/lib/image-renditions';
import { paths, propertyDetailsPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useMyOffers } from '../api/get-my-offers';
import { useWithdrawOffer } from '../api/withdraw-offer';
import { RequestStatusBadge } from '../components/offer-status-badge';
import { deadlinePassed, formatDeadline } from '../lib/deadline';
import { useDeadlineClock } from '../lib/use-deadline-clock';
import type { UserRequest } from '../types';

/** What paying for an accepted offer needs to know. */
type PayableOffer = {
  propertyId: string;
  title: string;
  location: string;
  image: string | null;
  amount: number;
};

/** Complete Payment for an accepted offer. */
type PayButton = (offer: PayableOffer) => ReactNode;

type OfferCardProps = {
  offer: UserRequest;
  payButton: PayButton;
  /** Fraud accounts keep their history but cannot pay. */
  canPay: boolean;
  /** The time deadlines are judged by (see useDeadlineClock). */
  now: number;
  onWithdraw: (offer: UserRequest) => void;
};

const STATUS_NOTES: Partial<Record<UserRequest['requestStatus'], string>> = {
  pending: 'Waiting for the agent to accept or reject your offer.',
  accepted: 'The agent accepted your offer. Complete the payment to buy this property.',
  rejected: 'The agent did not accept this offer.',
  withdrawn:
    'You withdrew this offer after it was accepted. The home is offered to other buyers again.',
  lapsed: 'Payment deadline passed. The home is offered to other buyers again.',
  released:
    'Released by the agent after the payment deadline, or by our team. The home is offered to other buyers again.',
};

/**
 * Instead of Complete Payment, when the offer cannot be paid right now: the listing or its agent
 * is being checked (the server's hold), or the time to pay is over.
 */
function PaymentBlocked({ offer, now }: { offer: UserRequest; now: number }) {
  if (offer.paymentHold) {
    return (
      <Notice role="status" tone="warning" title="Payment on hold">
        {PAYMENT_HOLD_MESSAGES[offer.paymentHold]}
        {offer.paymentPause && ` ${pausedDeadlineMessage(offer.paymentPause.secondsLeft)}`}
      </Notice>
    );
  }
  if (deadlinePassed(offer.payBy, now)) {
    return (
      <Notice role="status" tone="warning" title="Payment deadline passed">
        The time to pay for this offer is over; the home is being offered to other buyers again.
      </Notice>
    );
  }
  return null;
}

function OfferCard({ offer, payButton, canPay, now, onWithdraw }: OfferCardProps) {
  const { offerAmount, selectedDate } = offer.userRequestDetails;
  const status = offer.requestStatus;
  const accepted = status === 'accepted' && offer.soldStatus === 'false';
  const underReview = isUnderReview(offer);
  const blocked = accepted && (offer.paymentHold !== null || deadlinePassed(offer.payBy, now));
  // The listing page is closed to buyers while the listing is checked or its agent suspended.
  const detailsOpen = !underReview && offer.paymentHold !== 'agent-suspended';

  return (
    <article
      aria-labelledby={`offer-${offer.offerId}`}
      className="flex flex-col gap-4 rounded-2xl border border-sand bg-white p-4 shadow-sm sm:flex-row"
    >
      <ListingPicture
        photo={photoFromAddress(offer.image, offer.title)}
        sizes="(min-width: 640px) 11rem, 100vw"
        className="aspect-[3/2] w-full rounded-lg sm:w-44 sm:shrink-0 sm:self-start"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <RequestStatusBadge status={status} />
          {underReview && <UnderReviewBadge />}
        </div>
        <h2 id={`offer-${offer.offerId}`} className="mt-2 text-lg font-bold text-stone-900">
          {offer.title}
        </h2>
        {offer.location && <p className="text-sm text-stone-700">{offer.location}</p>}
        <p className="mt-1 text-sm text-stone-700">
          {PROPERTY_MESSAGES.agent} <AgentLink agentId={offer.creatorUID} name={offer.agentName} />
        </p>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-stone-600">Offer amount: </dt>
            <dd className="inline font-semibold text-teal-900">{formatDollars(offerAmount)}</dd>
          </div>
          <div>
            <dt className="inline text-stone-600">Buying date: </dt>
            <dd className="inline font-medium text-stone-900">{formatDate(selectedDate)}</dd>
          </div>
          {accepted && offer.paymentPause && (
            <div className="sm:col-span-2">
              <dt className="inline text-stone-600">Payment deadline: </dt>
              <dd className="inline font-semibold text-stone-900">
                paused, {timeToPayLeft(offer.paymentPause.secondsLeft)} left
              </dd>
            </div>
          )}
          {accepted && offer.payBy && (
            <div className="sm:col-span-2">
              <dt className="inline text-stone-600">Pay by </dt>
              <dd className="inline font-semibold text-stone-900">
                <time dateTime={offer.payBy}>{formatDeadline(offer.payBy)}</time>
              </dd>
            </div>
          )}
          {status === 'bought' && offer.transactionId && (
            <div className="sm:col-span-2">
              <dt className="inline text-stone-600">Transaction ID: </dt>
              <dd className="inline font-mono text-sm break-all text-stone-900">
                {offer.transactionId}
              </dd>
            </div>
          )}
        </dl>
        {STATUS_NOTES[status] && !blocked && (
          <p className="mt-3 text-sm text-stone-700">{STATUS_NOTES[status]}</p>
        )}
        {accepted && (
          <div className="mt-3">
            <PaymentBlocked offer={offer} now={now} />
          </div>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:w-48 sm:shrink-0">
        {accepted &&
          canPay &&
          !blocked &&
          payButton({
            propertyId: offer._id,
            title: offer.title,
            location: offer.location,
            image: offer.image,
            amount: offerAmount,
          })}
        {detailsOpen && (
          <Link
            to={propertyDetailsPath(offer._id)}
            className={buttonStyles({ variant: 'secondary' })}
          >
            View Details<span className="sr-only">: {offer.title}</span>
          </Link>
        )}
        {(status === 'pending' || accepted) && (
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

function WithdrawDescription({ offer }: { offer: UserRequest }) {
  const amount = <strong>{formatDollars(offer.userRequestDetails.offerAmount)}</strong>;
  const title = <strong>{offer.title}</strong>;
  if (offer.requestStatus === 'accepted') {
    return (
      <>
        <p>
          The agent accepted your offer of {amount} on {title}. If you withdraw it, you will not buy
          this home: it is offered to other buyers again.
        </p>
        <p>You cannot undo this.</p>
      </>
    );
  }
  return (
    <p>
      Your offer of {amount} on {title} will be taken back. The agent will no longer see it.
    </p>
  );
}

/**
 * My Bought Properties: every offer the buyer made, its status, Complete Payment
 * once accepted (with its deadline, or why payment is on hold), the transaction id once bought,
 * and Withdraw until paid.
 */
export function PurchasedPropertiesPage({ payButton }: { payButton: PayButton }) {
  const user = useSignedInUser();
  const offers = useMyOffers(user.uid);
  const withdraw = useWithdrawOffer();
  const now = useDeadlineClock(offers.data?.map((offer) => offer.payBy) ?? []);
  // The offer stays in the dialog while it closes, so its text does not change on the way out.
  const [dialog, setDialog] = useState<{ open: boolean; offer: UserRequest | null }>({
    open: false,
    offer: null,
  });
  const withdrawing = dialog.open ? dialog.offer : null;
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));
  const headingRef = useRef<HTMLParagraphElement>(null);
  const withdrawnRef = useRef(false);
  const focus = useReturnFocus();

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(
      { propertyId: withdrawing._id, uid: user.uid },
      {
        onSuccess: ({ message }) => {
          withdrawnRef.current = true;
          toast.success(message || OFFER_MESSAGES.removed);
        },
        onError: (error) => toast.error(errorMessage(error, OFFER_MESSAGES.removeFailed)),
        onSettled: closeDialog,
      },
    );
  };

  return (
    <ContentLayout heading="Purchased Properties">
      {offers.isPending ? (
        <Spinner label="Loading your offers" className="py-16" />
      ) : offers.isError ? (
        <ErrorState
          inline
          error={offers.error}
          message="We couldn't load your offers. Please try again."
          onRetry={() => offers.refetch()}
          retrying={offers.isFetching}
          className="mt-6"
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
                  payButton={payButton}
                  canPay={user.role !== 'fraud'}
                  now={now}
                  onWithdraw={(chosen) => {
                    focus.remember();
                    setDialog({ open: true, offer: chosen });
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        open={dialog.open}
        onOpenChange={(open) => !open && closeDialog()}
        title="Withdraw this offer?"
        description={dialog.offer && <WithdrawDescription offer={dialog.offer} />}
        confirmLabel="Withdraw Offer"
        pendingLabel="Withdrawing..."
        tone="danger"
        pending={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCloseAutoFocus={(event) => {
          // A withdrawn offer loses its Withdraw button: focus moves to the list's summary.
          if (withdrawnRef.current) {
            withdrawnRef.current = false;
            event.preventDefault();
            headingRef.current?.focus();
          } else {
            focus.restore(event, headingRef.current);
          }
        }}
      />
    </ContentLayout>
  );
}
