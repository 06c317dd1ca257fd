import { Button } from '@/components/ui/button';
import { usePageParam } from '@/hooks/use-page-param';
import { useSignedInUser } from '@/hooks/use-session';
import { useUserReviews } from '../api/get-user-reviews';
import { ReviewCard } from '../components/review-card';
import { reviewLabel } from '../components/review-label';
import { REVIEW_PAGE_SIZE, ReviewListPage } from '../components/review-list-page';

/** Dashboard, My Reviews: the signed-in user's reviews, each deletable after a confirmation. */
export function MyReviewsPage() {
  const user = useSignedInUser();
  const paging = usePageParam();
  const reviews = useUserReviews(user.uid, paging.page, REVIEW_PAGE_SIZE);
  return (
    <ReviewListPage
      heading="My Reviews"
      title="Reviews you have posted"
      query={reviews}
      paging={paging}
      loadingLabel="Loading your reviews"
      emptyHint="Reviews you write about the website or a property you viewed show up here."
      whose={() => 'Your review'}
    >
      {(list, { askToDelete, labelledBy }) => (
        <ul aria-labelledby={labelledBy} className="mt-6 grid gap-6 lg:grid-cols-2">
          {list.map((review) => (
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
    </ReviewListPage>
  );
}
