import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZReviewList } from '../types';
import { reviewKeys } from './query-keys';
import { requestReviews, useSignOutLocally } from './request-reviews';

/** One page of every review, website and listings, newest first (admins). */
export function useAllReviews(page: number, limit: number) {
  const onUnauthorized = useSignOutLocally();
  return useQuery({
    queryKey: reviewKeys.everyone(page, limit),
    queryFn: ({ signal }) =>
      requestReviews('/api/property-reviews', ZReviewList, {
        query: { page, limit },
        signal,
        onUnauthorized,
      }),
    placeholderData: keepPreviousData,
  });
}
