import type { Tour } from '@keyhaven/shared';
import { TOUR_ACTIVE_STATUSES, type TourStatus } from '@keyhaven/shared/constants';
import { TOUR_MESSAGES, TOUR_SCREEN_MESSAGES } from '@keyhaven/shared/texts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useBrowserZone } from '@/hooks/use-browser-zone';
import { useSignedInUser } from '@/hooks/use-session';
import type { Property } from '@/lib/listing';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { listingPanelToursQueryOptions } from '../api/get-tours';
import { TourActions } from './tour-actions';
import { TourStatusBadge, TourTime } from './tour-card';

// The dialog and its picker come down the first time a buyer is about to ask, not with the page.
const loadDialog = () => import('./request-tour-dialog');
const RequestTourDialog = lazy(loadDialog);
const preloadDialog = () => {
  void loadDialog();
};

const isActive = (status: TourStatus) =>
  (TOUR_ACTIVE_STATUSES as readonly string[]).includes(status);

type RequestTourSectionProps = {
  property: Pick<Property, '_id' | 'title' | 'adminApproval' | 'soldStatus' | 'availability'>;
};

/**
 * "Request a tour", the first thing under a listing's photos for a signed-in buyer: a dialog of
 * the free times; once asked, the request's state (waiting, confirmed, a new time proposed) with
 * what the buyer may do about it. Agents, admins and fraud accounts get nothing; nor do listings
 * under review or sold. A buyer whose address is not confirmed sees why the button waits.
 */
export function RequestTourSection({ property }: RequestTourSectionProps) {
  const user = useSignedInUser();
  const isBuyer = user.role === 'user';
  const open =
    property.adminApproval === 'true' &&
    property.soldStatus !== 'true' &&
    property.availability !== 'Sold';
  // Only a buyer who may ask reads their tours; no one else has any here (an admin is refused).
  const tours = useQuery({ ...listingPanelToursQueryOptions(), enabled: isBuyer && open });
  const readerZone = useBrowserZone();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const state = useRef<HTMLElement>(null);
  const reasonId = useId();
  // The request just sent, until the buyer's tours are read again with it.
  const [requested, setRequested] = useState<Tour | null>(null);
  if (!isBuyer || !open) return null;

  const listed = tours.data?.items.find((tour) => tour.propertyId === property._id);
  const mine = listed ?? (tours.isFetching ? requested : null);
  const dialog = wanted && (
    <Suspense fallback={null}>
      <RequestTourDialog
        propertyId={property._id}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onRequested={(tour) => {
          toast.success(TOUR_MESSAGES.requested);
          setRequested(tour);
          setDialogOpen(false);
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // Once asked, the button gives way to the request's state: focus goes there.
          (opener.current?.isConnected ? opener.current : state.current)?.focus();
        }}
      />
    </Suspense>
  );

  // The dialog keeps one place whatever the panel shows: the request it sends turns the button
  // into the request's state, and the dialog must live on to close itself and place focus.
  return (
    <>
      {panel()}
      {dialog}
    </>
  );

  function panel() {
    if (mine && isActive(mine.status)) {
      return (
        <section
          ref={state}
          tabIndex={-1}
          aria-labelledby="your-tour-title"
          className="mt-4 rounded-2xl border border-sand bg-white p-4 shadow-sm outline-none"
        >
          <div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="your-tour-title" className="font-bold text-teal-900">
                {TOUR_SCREEN_MESSAGES.yourTour}
              </h2>
              <TourStatusBadge status={mine.status} />
            </div>
            <div className="mt-2">
              <TourTime at={mine} timeZone={mine.timeZone} readerZone={readerZone} />
            </div>
            {mine.proposedStartsAt && mine.proposedEndsAt && (
              <div className="mt-2 text-amber-950">
                <TourTime
                  at={{ startsAt: mine.proposedStartsAt, endsAt: mine.proposedEndsAt }}
                  timeZone={mine.timeZone}
                  readerZone={readerZone}
                />
              </div>
            )}
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <TourActions tour={mine} context={property.title} />
            <Link
              to={paths.dashboard.myTours}
              className="text-sm font-semibold text-teal-800 underline underline-offset-2"
            >
              {TOUR_SCREEN_MESSAGES.seeMyTours}
            </Link>
          </div>
        </section>
      );
    }

    if (!user.emailVerified) {
      return (
        <div className="mt-4 flex flex-col gap-1.5">
          <Button size="lg" disabled aria-describedby={reasonId}>
            {TOUR_MESSAGES.requestTitle}
          </Button>
          <p id={reasonId} className="text-sm text-stone-700">
            {TOUR_MESSAGES.verifyBeforeTour}
          </p>
        </div>
      );
    }

    return (
      <div className="mt-4">
        <Button
          ref={opener}
          size="lg"
          className="w-full sm:w-auto"
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          onClick={() => {
            setWanted(true);
            setDialogOpen(true);
          }}
        >
          {TOUR_MESSAGES.requestTitle}
        </Button>
      </div>
    );
  }
}
