import { useId, useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty, ListError } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageCountOf, useKeepPageInRange, usePageParam } from '@/hooks/use-page-param';
import { useSignedInUser } from '@/hooks/use-session';
import { useUserReviews } from '../api/get-user-reviews';
import { DeleteReviewDialog } from '../components/delete-review-dialog';
import { ReviewCard } from '../components/review-card';
import { reviewLabel } from '../components/review-label';
import { REVIEW_MESSAGES, REVIEW_TEXTS, type Review } from '../types';

const PAGE_SIZE = 10;

/** Dashboard, My Reviews: the signed-in user's reviews, each deletable after a confirmation. */
export function MyReviewsPage() {
  const user = useSignedInUser();
  const headingId = useId();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const { page, goToPage } = usePageParam();
  const reviews = useUserReviews(user.uid, page, PAGE_SIZE);
  const [target, setTarget] = useState<Review | null>(null);
  const [open, setOpen] = useState(false);

  const total = reviews.data?.total ?? 0;
  const pageCount = pageCountOf(total, PAGE_SIZE);
  useKeepPageInRange(
    page,
    reviews.isSuccess && !reviews.isPlaceholderData ? pageCount : undefined,
    goToPage,
  );

  function askToDelete(review: Review) {
    setTarget(review);
    setOpen(true);
  }

  return (
    <ContentLayout heading="My Reviews">
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id={headingId}
          ref={listHeadingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-stone-800 outline-none"
        >
          Reviews you have posted
        </h2>
        {reviews.isSuccess && total > 0 && (
          <p className="text-sm text-stone-700">
            {total} {total === 1 ? 'review' : 'reviews'}
          </p>
        )}
      </div>

      {reviews.isPending && <Spinner label="Loading your reviews" className="py-16" />}
      {reviews.isError && (
        <ListError
          className="mt-6"
          error={reviews.error}
          message={REVIEW_TEXTS.loadFailed}
          onRetry={() => reviews.refetch()}
          retrying={reviews.isFetching}
        />
      )}
      {reviews.isSuccess && reviews.data.items.length === 0 && page <= pageCount && (
        <ListEmpty className="mt-6" title={REVIEW_MESSAGES.none}>
          Reviews you write about the website or a property you viewed show up here.
        </ListEmpty>
      )}
      {reviews.isSuccess && reviews.data.items.length > 0 && (
        <ul
          aria-labelledby={headingId}
          aria-busy={reviews.isFetching}
          className="mt-6 grid gap-6 lg:grid-cols-2"
        >
          {reviews.data.items.map((review) => (
            <li key={review._id}>
              <ReviewCard
                review={review}
                showSubject
                actions={
                  <Button
                    variant="dangerOutline"
                    size="sm"
                    aria-label={`Delete ${reviewLabel(review)}`}
                    onClick={() => askToDelete(review)}
                  >
                    Delete
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}

      <Pagination
        label="Review pages"
        page={Math.min(page, pageCount)}
        pageCount={pageCount}
        onPageChange={goToPage}
        className="mt-8"
      />

      <DeleteReviewDialog
        review={target}
        open={open}
        onOpenChange={setOpen}
        whose={() => 'Your review'}
        afterDeleteFocus={listHeadingRef}
      />
    </ContentLayout>
  );
}
