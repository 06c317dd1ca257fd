import type { Tour } from '@keyhaven/shared';
import { type TourStatus, tourTimes } from '@keyhaven/shared/constants';
import {
  TOUR_KIND_LABELS,
  TOUR_MESSAGES,
  TOUR_SCREEN_MESSAGES,
  TOUR_STATUS_LABELS,
} from '@keyhaven/shared/texts';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { agentProfilePath, propertyDetailsPath, tourAvailabilityPath } from '@/lib/paths';
import { readerClockDiffers, shortWhen } from '../lib/tour-time';
import { TourActions } from './tour-actions';

const TONES: Record<TourStatus, BadgeTone> = {
  pending: 'amber',
  confirmed: 'green',
  rescheduled: 'amberSolid',
  declined: 'red',
  cancelled: 'neutral',
  completed: 'teal',
};

/** A tour's state as a badge, in the shared words. */
export function TourStatusBadge({ status }: { status: TourStatus }) {
  return <Badge tone={TONES[status]}>{TOUR_STATUS_LABELS[status]}</Badge>;
}

/** A time on the home's clock, and on the reader's own under it when theirs differs. */
export function TourTime({
  at,
  timeZone,
  readerZone,
}: {
  at: Pick<Tour, 'startsAt' | 'endsAt'>;
  timeZone: string;
  readerZone: string | null;
}) {
  return (
    <>
      <p className="font-semibold text-stone-900">{tourTimes(at, timeZone)}</p>
      {readerZone && readerClockDiffers(at.startsAt, timeZone, readerZone) && (
        <p className="text-sm text-stone-700">
          {TOUR_MESSAGES.inYourZone(tourTimes(at, readerZone))}
        </p>
      )}
    </>
  );
}

/** Why a tour ended early, when it says. */
function endedBecause(tour: Tour) {
  if (tour.status === 'cancelled') {
    if (tour.cancelledBy !== 'system') {
      return tour.cancelReason && TOUR_MESSAGES.cancelledWithReason(tour.cancelReason);
    }
    return tour.cancelReason
      ? `${TOUR_MESSAGES.cancelledBySystem}: ${tour.cancelReason}`
      : TOUR_MESSAGES.cancelledBySystem;
  }
  return tour.status === 'declined' ? tour.declineReason : undefined;
}

/**
 * One tour as either side reads it: the listing, the time on the home's clock (and the reader's
 * own), the other person, in person or video, the buyer's note, a proposed new time, why it ended,
 * and the buttons of what the reader may do now. `side` says whose page it is on.
 */
export function TourCard({
  tour,
  side,
  readerZone,
}: {
  tour: Tour;
  side: 'buyer' | 'agent';
  readerZone: string | null;
}) {
  const titleId = `tour-${tour.id}-title`;
  const ended = endedBecause(tour);
  const proposed =
    tour.proposedStartsAt && tour.proposedEndsAt
      ? { startsAt: tour.proposedStartsAt, endsAt: tour.proposedEndsAt }
      : null;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-sand bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-lg font-bold break-words text-teal-900">
          {tour.propertyId ? (
            <Link
              to={propertyDetailsPath(tour.propertyId)}
              className="underline-offset-2 hover:underline"
            >
              {tour.propertyTitle}
            </Link>
          ) : (
            // A withdrawn listing has no page left; its tours keep its title.
            tour.propertyTitle
          )}
        </h3>
        <TourStatusBadge status={tour.status} />
      </div>
      <p className="-mt-2 text-sm text-stone-700">
        {tour.propertyLocation}
        {side === 'agent' && tour.propertyId && (
          <>
            {' · '}
            <Link
              to={tourAvailabilityPath(tour.propertyId)}
              className="font-semibold text-teal-800 underline underline-offset-2"
            >
              {TOUR_SCREEN_MESSAGES.viewingTimes}
              <span className="sr-only">: {tour.propertyTitle}</span>
            </Link>
          </>
        )}
      </p>
      <div>
        <TourTime at={tour} timeZone={tour.timeZone} readerZone={readerZone} />
      </div>
      {proposed && (
        <div className="rounded-lg bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">
            {TOUR_MESSAGES.proposedTime(tourTimes(proposed, tour.timeZone))}
          </p>
          {readerZone && readerZone !== tour.timeZone && (
            <p className="text-sm">{TOUR_MESSAGES.inYourZone(tourTimes(proposed, readerZone))}</p>
          )}
        </div>
      )}
      <p className="text-sm text-stone-800">
        <span className="font-semibold">{TOUR_KIND_LABELS[tour.kind]}</span>
        {' · '}
        {side === 'agent' ? (
          <>
            {TOUR_MESSAGES.requestedBy(tour.buyer.name)}
            {tour.buyer.email && (
              <>
                {' · '}
                <a
                  href={`mailto:${tour.buyer.email}`}
                  className="break-all text-teal-800 underline underline-offset-2"
                >
                  {tour.buyer.email}
                </a>
              </>
            )}
          </>
        ) : (
          <Link
            to={agentProfilePath(tour.agent.id)}
            className="text-teal-800 underline underline-offset-2"
          >
            {TOUR_MESSAGES.withAgent(tour.agent.name)}
          </Link>
        )}
      </p>
      {tour.note && (
        <p className="text-sm break-words whitespace-pre-line text-stone-700">
          {TOUR_MESSAGES.noteFrom(tour.note)}
        </p>
      )}
      {ended && <p className="text-sm break-words text-stone-700">{ended}</p>}
      <TourActions
        tour={tour}
        context={`${tour.propertyTitle}, ${shortWhen(tour.startsAt, tour.timeZone)}`}
      />
    </article>
  );
}
