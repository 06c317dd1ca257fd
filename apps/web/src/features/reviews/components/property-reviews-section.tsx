import { useSession } from '@/hooks/use-session';
import { usePropertyReviews } from '../api/get-reviews';
import { REVIEW_TEXTS } from '../types';
import { ReviewsSection } from './reviews-section';

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
  const user = useSession().data?.user;
  const reviews = usePropertyReviews(propertyId, PROPERTY_REVIEWS_PAGE_SIZE);
  return (
    <ReviewsSection
      reviews={reviews}
      target={{ reviewFor: 'property', propertyId, propertyTitle }}
      canReview={user?.role === 'user'}
      cannotReview={user ? REVIEW_TEXTS.buyersOnly : undefined}
      beFirst="Be the first to review this property."
    />
  );
}
