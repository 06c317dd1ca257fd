import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZReviewList } from '../types';
import { reviewKeys } from './query-keys';

/** One page of a user's own reviews, newest first (the user themself or an admin). */
export function useUserReviews(uid: string, page: number, limit: number) {
  return useQuery({
    queryKey: reviewKeys.user(uid, page, limit),
    queryFn: ({ signal }) =>
      apiPage(`/api/property-reviews/${encodeURIComponent(uid)}`, {
        schema: ZReviewList,
        query: { page, limit },
        signal,
      }),
    // The current page stays up while the next one loads.
    placeholderData: keepPreviousData,
  });
}
