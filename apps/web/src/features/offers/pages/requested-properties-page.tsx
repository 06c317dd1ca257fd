import { formatDollars, OFFER_MESSAGES } from '@keyhaven/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { TableRegion, Td, Th } from '@/components/ui/table';
import { useSignedInUser } from '@/features/auth/api/get-session';
import { detailsPath } from '@/features/properties/components/property-card';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAcceptRequest, useRejectRequest } from '../api/answer-request';
import { useRequestedProperties } from '../api/get-requested-properties';
import { OfferStatusBadge } from '../components/offer-status-badge';
import type { RequestedProperty } from '../types';

type Decision = { kind: 'accept' | 'reject'; offer: RequestedProperty };

type RowProps = {
  offer: RequestedProperty;
  busy: boolean;
  onDecide: (decision: Decision) => void;
};

function RequestRow({ offer, busy, onDecide }: RowProps) {
  const who = `${offer.buyerName}'s offer on ${offer.title}`;
  return (
    <tr>
      <Td className="min-w-48">
        <p className="font-semibold text-stone-900">{offer.title}</p>
        <p className="text-stone-600">{offer.location}</p>
      </Td>
      <Td>
        <p className="font-medium text-stone-900">{offer.buyerName}</p>
        <a
          href={`mailto:${offer.buyerEmail}`}
          className="whitespace-nowrap text-teal-800 underline underline-offset-2 hover:text-teal-950"
        >
          {offer.buyerEmail}
        </a>
        <p className="whitespace-nowrap text-stone-600">
          <span className="sr-only">Phone: </span>
          {offer.buyerPhone || 'No phone given'}
        </p>
      </Td>
      <Td className="whitespace-nowrap">
        <p className="font-semibold text-teal-900">{formatDollars(offer.offerAmount)}</p>
        <p className="text-stone-600">
          <span className="sr-only">Buying date: </span>
          {formatDate(offer.selectedDate)}
        </p>
      </Td>
      <Td>
        <OfferStatusBadge status={offer.offerStatus} />
      </Td>
      <Td>
        <div className="flex min-w-max gap-2">
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
          <Link
            to={detailsPath(offer._id)}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          >
            View<span className="sr-only">: {offer.title}</span>
          </Link>
        </div>
      </Td>
    </tr>
  );
}

/**
 * Requested Properties (spec section 2, agent): offers on the agent's listings with the buyer's
 * contact details; Accept or Reject a pending one after confirmation.
 */
export function RequestedPropertiesPage() {
  const user = useSignedInUser();
  const requests = useRequestedProperties(user.email);
  const accept = useAcceptRequest();
  const reject = useRejectRequest();
  const [decision, setDecision] = useState<Decision | null>(null);
  const pending = accept.isPending || reject.isPending;

  const confirm = () => {
    if (!decision) return;
    const answer = { propertyId: decision.offer._id, buyerEmail: decision.offer.buyerEmail };
    const done = { onSettled: () => setDecision(null) };
    if (decision.kind === 'accept') {
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
  const accepting = decision?.kind === 'accept';

  return (
    <ContentLayout heading="Requested Properties">
      <p className="mt-2 text-stone-700">
        Offers buyers made on your listings. Accepting one holds the property for that buyer until
        they pay, and declines the other offers on it.
      </p>
      <div className="mt-6">
        {requests.isPending ? (
          <Spinner label="Loading requests" className="py-16" />
        ) : requests.isError ? (
          <ErrorState
            title="We couldn't load the requests"
            message="Check your connection and try again."
            onRetry={() => requests.refetch()}
          />
        ) : requests.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-700">
            No buyer has requested your properties yet.
          </p>
        ) : (
          <TableRegion label="Offers on your properties">
            <thead>
              <tr>
                <Th>Property</Th>
                <Th>Buyer, email and phone</Th>
                <Th>Offer and buying date</Th>
                <Th>Status</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {requests.data.map((row) => (
                <RequestRow key={row.offerId} offer={row} busy={pending} onDecide={setDecision} />
              ))}
            </tbody>
          </TableRegion>
        )}
      </div>

      <ConfirmDialog
        open={decision !== null}
        onOpenChange={(open) => !open && setDecision(null)}
        title={accepting ? 'Accept this offer?' : 'Reject this offer?'}
        description={
          offer && (
            <>
              <p>
                <strong>{offer.buyerName}</strong> offered{' '}
                <strong>{formatDollars(offer.offerAmount)}</strong> for{' '}
                <strong>{offer.title}</strong>.
              </p>
              <p>
                {accepting
                  ? 'The property will be held for this buyer until they pay, and any other pending offers on it will be declined.'
                  : 'The buyer will see that their offer was not accepted.'}
              </p>
            </>
          )
        }
        confirmLabel={accepting ? 'Accept' : 'Reject'}
        pendingLabel={accepting ? 'Accepting...' : 'Rejecting...'}
        tone={accepting ? 'default' : 'danger'}
        pending={pending}
        onConfirm={confirm}
      />
    </ContentLayout>
  );
}
