import { REVIEW_MESSAGES } from '@keyhaven/shared/texts';
import { useId, useRef, useState } from 'react';
import { ListEmpty, ListError } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { InlineSpinner } from '@/components/ui/spinner';
import { useSession } from '@/hooks/use-session';
import { usePropertyReviews } from '../api/get-reviews';
import { REVIEW_TEXTS } from '../types';
import { LazyReviewDialog, preloadReviewDialog } from './lazy-review-dialog';
import { ReviewCard, ReviewCardSkeleton } from './review-card';

/** How many reviews a listing's page shows at first (the server renders the same). */
export const PROPERTY_REVIEWS_PAGE_SIZE = 6;

type PropertyReviewsSectionProps = {
  propertyId: string;
  /** Named in the review modal. */
  propertyTitle?: string;
};

/**
 * The reviews of one listing, for its details page (a signed-in screen). A buyer (role user) can
 * review it, or edit the review they posted, which the server replaces; everyone else sees the
 * list only.
 */
export function PropertyReviewsSection({ propertyId, propertyTitle }: PropertyReviewsSectionProps) {
  const headingId = useId();
  const user = useSession().data?.user;
  const reviews = usePropertyReviews(propertyId, PROPERTY_REVIEWS_PAGE_SIZE);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const loaded = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const total = reviews.data?.pages[0]?.total ?? 0;
  const canReview = user?.role === 'user';
  const previous = canReview ? loaded.find((review) => review.mine) : undefined;

  return (
    <section aria-labelledby={headingId} className="mt-12 border-t border-sand pt-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-teal-900">
            Reviews
          </h2>
          {reviews.isSuccess && total > 0 && (
            <p className="mt-1 text-stone-700">
              {total} {total === 1 ? 'review' : 'reviews'} from buyers
            </p>
          )}
        </div>
        {canReview && (
          <>
            <Button
              ref={buttonRef}
              onClick={() => setOpen(true)}
              onPointerEnter={preloadReviewDialog}
              onFocus={preloadReviewDialog}
            >
              {previous ? 'Edit Your Review' : 'Write a Review'}
            </Button>
            <LazyReviewDialog
              open={open}
              onOpenChange={setOpen}
              target={{ reviewFor: 'property', propertyId, propertyTitle }}
              previous={previous}
              returnFocusRef={buttonRef}
            />
          </>
        )}
      </div>

      {!canReview && user && (
        <p className="mt-2 text-sm text-stone-600">{REVIEW_TEXTS.buyersOnly}</p>
      )}

      <div className="mt-6">
        {reviews.isPending ? (
          <div className="grid gap-6 md:grid-cols-2">
            <p role="status" className="sr-only">
              Loading reviews
            </p>
            <ReviewCardSkeleton />
            <ReviewCardSkeleton />
          </div>
        ) : reviews.isError && loaded.length === 0 ? (
          <ListError
            error={reviews.error}
            message={REVIEW_TEXTS.loadFailed}
            onRetry={() => reviews.refetch()}
            retrying={reviews.isFetching}
          />
        ) : loaded.length === 0 ? (
          <ListEmpty title={REVIEW_MESSAGES.none}>
            {canReview && 'Be the first to review this property.'}
          </ListEmpty>
        ) : (
          <>
            <ul className="grid gap-6 md:grid-cols-2">
              {loaded.map((review) => (
                <li key={review._id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
            {reviews.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => reviews.fetchNextPage()}
                  disabled={reviews.isFetchingNextPage}
                >
                  {reviews.isFetchingNextPage && <InlineSpinner />}
                  {reviews.isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
