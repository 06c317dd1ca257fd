import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZReviewList } from '../types';
import { reviewKeys } from './query-keys';
import { requestReviews, useSignOutLocally } from './request-reviews';

/** One page of a user's own reviews, newest first (the user themself or an admin). */
export function useUserReviews(uid: string, page: number, limit: number) {
  const onUnauthorized = useSignOutLocally();
  return useQuery({
    queryKey: reviewKeys.user(uid, page, limit),
    queryFn: ({ signal }) =>
      requestReviews(`/api/property-reviews/${encodeURIComponent(uid)}`, ZReviewList, {
        query: { page, limit },
        signal,
        onUnauthorized,
      }),
    // The current page stays up while the next one loads.
    placeholderData: keepPreviousData,
  });
}
