import { formatDollars } from '@keyhaven/shared/constants';
import { OFFER_MESSAGES, timeToPayLeft } from '@keyhaven/shared/texts';
import { memo, useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { TableRegion, Td, Th } from '@/components/ui/table';
import { useMediaQuery, WIDE_DASHBOARD } from '@/hooks/use-media-query';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { propertyDetailsPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useAcceptRequest, useRejectRequest } from '../api/answer-request';
import { useRequestedProperties } from '../api/get-requested-properties';
import { useReleaseOffer } from '../api/release-offer';
import { OfferStatusBadge } from '../components/offer-status-badge';
import { deadlinePassed, formatDeadline } from '../lib/deadline';
import { useDeadlineClock } from '../lib/use-deadline-clock';
import type { RequestedProperty } from '../types';

type Decision = { kind: 'accept' | 'reject' | 'release'; offer: RequestedProperty };

type RowProps = {
  offer: RequestedProperty;
  busy: boolean;
  /** The time deadlines are judged by (see useDeadlineClock). */
  now: number;
  onDecide: (decision: Decision) => void;
};

/** Why an accepted offer ended without a sale, as its agent reads it. */
const ENDED_NOTES: Partial<Record<RequestedProperty['offerStatus'], string>> = {
  withdrawn: 'The buyer withdrew the offer; the home is available again.',
  lapsed: 'Payment deadline passed; the home is available again.',
  released: 'The unpaid offer was released; the home is available again.',
};

/**
 * An accepted, unpaid offer's deadline. The sentence after it is for screen readers, which meet
 * it as the description of the Release button; sighted agents see the button wait beside it.
 */
function PaymentDeadline({ payBy, passed, id }: { payBy: string; passed: boolean; id: string }) {
  return (
    <p id={id} className="mt-1.5 text-stone-700">
      {passed ? 'Deadline passed ' : 'Pay by '}
      <time dateTime={payBy} className="font-medium text-stone-900">
        {formatDeadline(payBy, 'compact')}
      </time>
      <span className="sr-only">
        {passed
          ? '. You can release the offer.'
          : '. You can release the offer once this deadline passes.'}
      </span>
    </p>
  );
}

/** An accepted offer's deadline, paused while the listing is under review. */
function PausedDeadline({ secondsLeft, id }: { secondsLeft: number; id: string }) {
  return (
    <p id={id} className="mt-1.5 text-stone-700">
      Deadline paused while the listing is under review:{' '}
      <span className="font-medium text-stone-900">{timeToPayLeft(secondsLeft)} left</span>
      <span className="sr-only">
        . You can release the offer once the deadline resumes and passes.
      </span>
    </p>
  );
}

/** Whether an accepted offer waits for its buyer's payment (its deadline running or paused). */
const awaitsPayment = (offer: RequestedProperty) =>
  offer.offerStatus === 'accepted' && (offer.payBy !== null || offer.paymentPause !== null);

/** What the agent can do with an offer: answer it, release it, write to the buyer, see the home. */
function OfferActions({ offer, busy, now, onDecide, deadlineId, className }: ActionsProps) {
  const who = `${offer.buyerName}'s offer on ${offer.title}`;
  const awaitingPayment = awaitsPayment(offer);
  const passed = deadlinePassed(offer.payBy, now);
  const subject = encodeURIComponent(`Your offer on ${offer.title}`);
  return (
    <div className={className}>
      {offer.offerStatus === 'pending' && (
        <>
          <Button
            size="sm"
            disabled={busy}
            aria-label={`Accept ${who}`}
            onClick={() => onDecide({ kind: 'accept', offer })}
          >
            Accept
          </Button>
          <Button
            size="sm"
            variant="dangerOutline"
            disabled={busy}
            aria-label={`Reject ${who}`}
            onClick={() => onDecide({ kind: 'reject', offer })}
          >
            Reject
          </Button>
        </>
      )}
      {awaitingPayment && (
        <Button
          size="sm"
          variant="dangerOutline"
          // Until the deadline (paused or running) the buyer may still pay; the page says when it opens.
          disabled={busy || !passed}
          aria-describedby={deadlineId}
          aria-label={`Release ${who}`}
          onClick={() => onDecide({ kind: 'release', offer })}
        >
          Release
        </Button>
      )}
      <a
        href={`mailto:${offer.buyerEmail}?subject=${subject}`}
        aria-label={`Email ${offer.buyerName} about ${offer.title}`}
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      >
        Email
      </a>
      <Link
        to={propertyDetailsPath(offer._id)}
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      >
        View<span className="sr-only">: {offer.title}</span>
      </Link>
    </div>
  );
}

type ActionsProps = RowProps & { deadlineId: string; className?: string };

/** The offer's state, with its payment deadline or how it ended. */
function OfferState({ offer, now, deadlineId }: Omit<ActionsProps, 'busy' | 'onDecide'>) {
  const endedNote = ENDED_NOTES[offer.offerStatus];
  return (
    <>
      <OfferStatusBadge status={offer.offerStatus} />
      {awaitsPayment(offer) && offer.paymentPause && (
        <PausedDeadline secondsLeft={offer.paymentPause.secondsLeft} id={deadlineId} />
      )}
      {awaitsPayment(offer) && offer.payBy && (
        <PaymentDeadline
          payBy={offer.payBy}
          passed={deadlinePassed(offer.payBy, now)}
          id={deadlineId}
        />
      )}
      {endedNote && <p className="mt-1.5 text-stone-700">{endedNote}</p>}
    </>
  );
}

function BuyerContact({ offer }: { offer: RequestedProperty }) {
  return (
    <>
      <p className="font-medium break-words text-stone-900">{offer.buyerName}</p>
      <a
        href={`mailto:${offer.buyerEmail}`}
        className="break-all text-teal-800 underline underline-offset-2 hover:text-teal-950"
      >
        {offer.buyerEmail}
      </a>
      <p className="text-stone-600">
        <span className="sr-only">Phone: </span>
        {offer.buyerPhone || 'No phone given'}
      </p>
    </>
  );
}

function OfferAmount({ offer }: { offer: RequestedProperty }) {
  return (
    <>
      <p className="font-semibold text-teal-900">{formatDollars(offer.offerAmount)}</p>
      <p className="text-stone-600">
        <span className="sr-only">Buying date: </span>
        {formatDate(offer.selectedDate)}
      </p>
    </>
  );
}

/** One offer as a table row, on screens wide enough for the table. */
function RequestRow(props: RowProps) {
  const { offer } = props;
  const deadlineId = useId();
  return (
    <tr>
      <Td>
        <p className="font-semibold break-words text-stone-900">{offer.title}</p>
        <p className="break-words text-stone-600">{offer.location}</p>
      </Td>
      <Td>
        <BuyerContact offer={offer} />
      </Td>
      <Td>
        <OfferAmount offer={offer} />
      </Td>
      <Td>
        <OfferState {...props} deadlineId={deadlineId} />
      </Td>
      <Td>
        <OfferActions {...props} deadlineId={deadlineId} className="grid grid-cols-2 gap-2" />
      </Td>
    </tr>
  );
}

/** One offer as a card, on phones, tablets and next to the sidebar on smaller laptops. */
function RequestCard(props: RowProps) {
  const { offer } = props;
  const deadlineId = useId();
  return (
    <li>
      <article
        aria-label={`${offer.buyerName}'s offer on ${offer.title}`}
        className="rounded-2xl border border-sand bg-white p-4 text-sm shadow-sm"
      >
        <h3 className="text-base font-semibold break-words text-stone-900">{offer.title}</h3>
        <p className="break-words text-stone-600">{offer.location}</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <div className="min-w-0">
            <BuyerContact offer={offer} />
          </div>
          <div>
            <OfferAmount offer={offer} />
          </div>
          <div>
            <OfferState {...props} deadlineId={deadlineId} />
          </div>
        </div>
        <OfferActions {...props} deadlineId={deadlineId} className="mt-4 flex flex-wrap gap-2" />
      </article>
    </li>
  );
}

/**
 * The offers as a table where it fits beside the sidebar, else as cards, so Accept, Reject,
 * Email and View are always on screen. Only one of the two renders.
 */
const OfferList = memo(function OfferList({
  offers,
  ...row
}: Omit<RowProps, 'offer'> & { offers: RequestedProperty[] }) {
  const wide = useMediaQuery(WIDE_DASHBOARD);
  if (!wide) {
    return (
      <ul aria-label={LIST_LABEL} className="grid gap-4 md:grid-cols-2">
        {offers.map((offer) => (
          <RequestCard key={offer.offerId} offer={offer} {...row} />
        ))}
      </ul>
    );
  }
  return (
    <TableRegion label={LIST_LABEL} fit>
      <thead>
        <tr>
          <Th className="w-[22%]" wrap>
            Property
          </Th>
          <Th className="w-[24%]" wrap>
            Buyer, email and phone
          </Th>
          <Th className="w-[15%]" wrap>
            Offer and buying date
          </Th>
          <Th className="w-[15%]" wrap>
            Status
          </Th>
          <Th className="w-[24%]">
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {offers.map((offer) => (
          <RequestRow key={offer.offerId} offer={offer} {...row} />
        ))}
      </tbody>
    </TableRegion>
  );
});

const LIST_LABEL = 'Offers on your properties';

const DIALOGS: Record<
  Decision['kind'],
  {
    title: string;
    consequence: string;
    confirmLabel: string;
    pendingLabel: string;
    tone: 'default' | 'danger';
  }
> = {
  accept: {
    title: 'Accept this offer?',
    consequence:
      'The property will be held for this buyer until they pay, and any other pending offers on it will be declined.',
    confirmLabel: 'Accept',
    pendingLabel: 'Accepting...',
    tone: 'default',
  },
  reject: {
    title: 'Reject this offer?',
    consequence: 'The buyer will see that their offer was not accepted.',
    confirmLabel: 'Reject',
    pendingLabel: 'Rejecting...',
    tone: 'danger',
  },
  release: {
    title: 'Release this offer?',
    consequence:
      'The buyer did not pay in time. The offer ends, the buyer can no longer pay it, and the home is offered to other buyers again.',
    confirmLabel: 'Release',
    pendingLabel: 'Releasing...',
    tone: 'danger',
  },
};

/**
 * Requested Properties (agent): offers on the agent's listings with the buyer's
 * contact details; Accept or Reject a pending one after confirmation; an accepted one shows its
 * payment deadline and, once that has passed, Release. Offers that ended unpaid stay, with why.
 */
export function RequestedPropertiesPage() {
  const user = useSignedInUser();
  const requests = useRequestedProperties(user.email);
  const accept = useAcceptRequest();
  const reject = useRejectRequest();
  const release = useReleaseOffer();
  const now = useDeadlineClock(requests.data?.map((row) => row.payBy) ?? []);
  const [decision, setDecision] = useState<Decision | null>(null);
  const pending = accept.isPending || reject.isPending || release.isPending;
  const focus = useReturnFocus();
  // Stable, so opening or closing a dialog leaves the list as it is rather than drawing every
  // offer again (on a slow phone that redraw is what a tap on Accept waits for).
  const decide = useCallback(
    (next: Decision) => {
      focus.remember();
      setDecision(next);
    },
    [focus],
  );
  const introRef = useRef<HTMLParagraphElement>(null);

  const confirm = () => {
    if (!decision) return;
    const answer = { propertyId: decision.offer._id, buyerEmail: decision.offer.buyerEmail };
    const done = { onSettled: () => setDecision(null) };
    if (decision.kind === 'release') {
      // The server judges the deadline: before it, its 409 says why.
      release.mutate(decision.offer._id, {
        ...done,
        onSuccess: ({ message }) => toast.success(message || OFFER_MESSAGES.released),
        onError: (error) =>
          toast.error(errorMessage(error, 'Something went wrong while releasing the offer.')),
      });
    } else if (decision.kind === 'accept') {
      accept.mutate(answer, {
        ...done,
        onSuccess: ({ message }) => toast.success(message || OFFER_MESSAGES.accepted),
        onError: (error) => toast.error(errorMessage(error, OFFER_MESSAGES.acceptFailed)),
      });
    } else {
      reject.mutate(answer, {
        ...done,
        onSuccess: () => toast.success(OFFER_MESSAGES.statusUpdated),
        onError: (error) => toast.error(errorMessage(error, OFFER_MESSAGES.statusUpdateFailed)),
      });
    }
  };

  const offer = decision?.offer;
  const dialog = DIALOGS[decision?.kind ?? 'accept'];

  return (
    <ContentLayout heading="Requested Properties">
      <p ref={introRef} tabIndex={-1} className="mt-2 text-stone-700">
        Offers buyers made on your listings. Accepting one holds the property for that buyer until
        they pay or their payment deadline passes, and declines the other offers on it.
      </p>
      <div className="mt-6">
        {requests.isPending ? (
          <Spinner label="Loading requests" className="py-16" />
        ) : requests.isError ? (
          <ErrorState
            inline
            error={requests.error}
            message="We couldn't load the offers on your properties. Please try again."
            onRetry={() => requests.refetch()}
            retrying={requests.isFetching}
          />
        ) : requests.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-700">
            No buyer has requested your properties yet.
          </p>
        ) : (
          <OfferList offers={requests.data} busy={pending} now={now} onDecide={decide} />
        )}
      </div>

      <ConfirmDialog
        open={decision !== null}
        onOpenChange={(open) => !open && setDecision(null)}
        title={dialog.title}
        description={
          offer && (
            <>
              <p>
                <strong>{offer.buyerName}</strong> offered{' '}
                <strong>{formatDollars(offer.offerAmount)}</strong> for{' '}
                <strong>{offer.title}</strong>.
              </p>
              <p>{dialog.consequence}</p>
            </>
          )
        }
        confirmLabel={dialog.confirmLabel}
        pendingLabel={dialog.pendingLabel}
        tone={dialog.tone}
        pending={pending}
        onConfirm={confirm}
        // Back to the button that opened it; once the answer removed that button, to the intro.
        onCloseAutoFocus={(event) => focus.restore(event, introRef.current)}
      />
    </ContentLayout>
  );
}
