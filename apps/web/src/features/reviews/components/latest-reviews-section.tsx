import { REVIEW_MESSAGES } from '@keyhaven/shared/texts';
import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ListError } from '@/components/list-states';
import { useSession } from '@/hooks/use-session';
import { BRAND_NAME } from '@/lib/brand';
import { cn } from '@/lib/cn';
import type { LoginRedirectState } from '@/lib/paths';
import { paths } from '@/lib/paths';
import { useWebsiteReviews } from '../api/get-reviews';
import { REVIEW_TEXTS } from '../types';
import { LazyReviewDialog, preloadReviewDialog } from './lazy-review-dialog';
import { ReviewCard, ReviewCardSkeleton } from './review-card';

/** Five reviews and the Add Your Review tile fill two rows of three. */
const LATEST_COUNT = 5;

const TILE = cn(
  'flex h-full min-h-56 w-full flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-teal-600 bg-teal-50 p-6 text-center',
);
const ACTIVE_TILE = cn(
  TILE,
  'cursor-pointer transition-colors hover:border-teal-800 hover:bg-teal-100 disabled:cursor-wait disabled:opacity-70',
);

function PlusBadge() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-14 items-center justify-center rounded-full bg-teal-700 text-3xl leading-none font-light text-white"
    >
      +
    </span>
  );
}

/**
 * 'Add Your Review': opens the review modal for a buyer; sends a signed-out visitor to log in
 * first (and back here afterwards); tells agents and admins that reviews are for buyers.
 */
function AddReviewTile() {
  const session = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const user = session.data?.user;

  const content = (hint: string) => (
    <>
      <PlusBadge />
      <span className="text-lg font-bold text-teal-900">{REVIEW_TEXTS.addTitle}</span>
      <span className="text-sm text-stone-700">{hint}</span>
    </>
  );

  if (session.isSuccess && !user) {
    const state: LoginRedirectState = { from: location };
    return (
      <Link to={paths.login} state={state} className={ACTIVE_TILE}>
        {content('Log in to share your experience.')}
      </Link>
    );
  }
  if (user && user.role !== 'user') {
    return <div className={TILE}>{content(REVIEW_TEXTS.buyersOnly)}</div>;
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={ACTIVE_TILE}
        // Until the session is known it is not clear whether this opens the modal or the login.
        disabled={!user}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadReviewDialog}
        onFocus={preloadReviewDialog}
      >
        {content('Tell other buyers how it went.')}
      </button>
      <LazyReviewDialog
        open={open}
        onOpenChange={setOpen}
        target={{ reviewFor: 'website' }}
        returnFocusRef={buttonRef}
      />
    </>
  );
}

/** Home: the newest reviews of the website, with the 'Add Your Review' tile. */
export function LatestReviewsSection() {
  const headingId = useId();
  const reviews = useWebsiteReviews(LATEST_COUNT);

  return (
    <section aria-labelledby={headingId} className="bg-sand/60 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-widest text-teal-800 uppercase">
            Testimonials
          </p>
          <h2
            id={headingId}
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-teal-900 sm:text-4xl"
          >
            Latest Reviews from Happy Buyers
          </h2>
          <p className="mt-3 text-lg text-stone-700">
            Real words from people who found their home on {BRAND_NAME}.
          </p>
        </div>

        {reviews.isError && !reviews.data && (
          <ListError
            className="mt-10"
            error={reviews.error}
            message={REVIEW_TEXTS.loadFailed}
            onRetry={() => reviews.refetch()}
            retrying={reviews.isFetching}
          />
        )}
        {reviews.isSuccess && reviews.data.items.length === 0 && (
          <p role="status" className="mt-10 text-stone-700">
            {REVIEW_MESSAGES.none}. Be the first to share your experience.
          </p>
        )}

        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {reviews.isPending &&
            Array.from({ length: LATEST_COUNT }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <li key={index}>
                <ReviewCardSkeleton />
              </li>
            ))}
          {reviews.data?.items.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
          <li>
            <AddReviewTile />
          </li>
        </ul>
        {reviews.isPending && (
          <p role="status" className="sr-only">
            Loading reviews
          </p>
        )}
      </div>
    </section>
  );
}
