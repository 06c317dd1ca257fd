import { TIMINGS_MS } from '@keyhaven/shared/constants';
import { OFFER_MESSAGES } from '@keyhaven/shared/texts';
import { useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MessageDialog } from '@/components/ui/alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { CheckIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { useOnScreenTimer } from '@/hooks/use-on-screen-timer';
import { errorMessage } from '@/lib/api-client';
import { offerKeys } from '@/lib/query-keys';
import { isOfferSubmission, type OfferSubmittedState } from '../api/make-offer';

/**
 * 'Offer Sent!': a confirmation that needs no answer, so it closes by itself 2 s after it is on
 * screen.
 */
function OfferSentDialog({ message, onClose }: { message: string; onClose: () => void }) {
  useOnScreenTimer(TIMINGS_MS.offerDialog, onClose);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="text-center">
        <CheckIcon className="mx-auto size-12 text-teal-700" />
        <DialogTitle className="mt-3">{OFFER_MESSAGES.sentTitle}</DialogTitle>
        <DialogDescription className="mt-2">{message}</DialogDescription>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The outcome of an offer submitted on the Make Offer page, which sends the buyer on before the
 * server answers. The page the buyer lands on renders this; it finds the
 * submission in the mutation cache by the ticket in the navigation state, and shows 'Offer Sent!'
 * or the 'Error' dialog once the answer is in.
 */
export function OfferOutcomeDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const ticket = (location.state as Partial<OfferSubmittedState> | null)?.offerTicket;
  const [closed, setClosed] = useState<string | null>(null);

  const outcomes = useMutationState({
    filters: {
      mutationKey: offerKeys.make,
      predicate: (mutation) => ticket !== undefined && isOfferSubmission(mutation, ticket),
    },
    select: (mutation) => ({
      status: mutation.state.status,
      message: (mutation.state.data as { message?: string } | undefined)?.message,
      error: mutation.state.error,
    }),
  });
  const outcome = outcomes.at(-1);

  if (!ticket || closed === ticket || !outcome) return null;

  // Forget the submission, so going back to this entry does not show it again.
  const close = () => {
    setClosed(ticket);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  };

  if (outcome.status === 'success') {
    return (
      <OfferSentDialog message={outcome.message || OFFER_MESSAGES.submitted} onClose={close} />
    );
  }
  if (outcome.status === 'error') {
    return (
      <MessageDialog
        open
        onClose={close}
        title={OFFER_MESSAGES.failedTitle}
        message={errorMessage(outcome.error, OFFER_MESSAGES.failed)}
      />
    );
  }
  return (
    <Notice role="status" className="mt-6">
      Sending your offer...
    </Notice>
  );
}
