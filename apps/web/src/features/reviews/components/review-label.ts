import { REVIEW_TEXTS, type Review } from '../types';

/** A short name for a review in button labels: its title, else what it is about. */
export function reviewLabel(review: Review) {
  const title = review.title.trim();
  if (title) return `review “${title}”`;
  if (review.reviewFor === 'agent') return `review of ${REVIEW_TEXTS.agent.toLowerCase()}`;
  if (review.reviewFor === 'website' || !review.propertyId) {
    return `review of ${REVIEW_TEXTS.website}`;
  }
  return `review of ${review.propertyTitle?.trim() || 'this property'}`;
}
