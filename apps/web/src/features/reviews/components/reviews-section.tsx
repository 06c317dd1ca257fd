import { REVIEW_MESSAGES } from '@keyhaven/shared/texts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ListEmpty, ListError } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { InlineSpinner } from '@/components/ui/spinner';
import type { Page } from '@/lib/api-client';
import { type PublicReview, REVIEW_TEXTS } from '../types';
import { LazyReviewDialog, preloadReviewDialog } from './lazy-review-dialog';
import { ReviewCard, ReviewCardSkeleton } from './review-card';
import type { ReviewTarget } from './review-dialog';

type ReviewsSectionProps = {
  reviews: UseInfiniteQueryResult<InfiniteData<Page<PublicReview>>>;
  target: ReviewTarget;
  /** Whether the caller may write a review here (or edit theirs). */
  canReview: boolean;
  /** Said under the heading to a signed-in visitor who may not review. */
  cannotReview?: string;
  /** Said under "No reviews found" to one who may. */
  beFirst: string;
  onSaved?: () => void;
};

/**
 * Reviews of one thing (a listing, an agent) for its page: the list, newest first, more on
 * request, and Write a Review, or Edit Your Review, which the server replaces.
 */
export function ReviewsSection({
  reviews,
  target,
  canReview,
  cannotReview,
  beFirst,
  onSaved,
}: ReviewsSectionProps) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const loaded = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const total = reviews.data?.pages[0]?.total ?? 0;
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
              target={target}
              previous={previous}
              returnFocusRef={buttonRef}
              onSaved={onSaved}
            />
          </>
        )}
      </div>

      {!canReview && cannotReview && <p className="mt-2 text-sm text-stone-600">{cannotReview}</p>}

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
          <ListEmpty title={REVIEW_MESSAGES.none}>{canReview && beFirst}</ListEmpty>
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
