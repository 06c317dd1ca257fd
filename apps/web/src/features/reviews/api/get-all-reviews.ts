import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZReviewList } from '../types';
import { reviewKeys } from './query-keys';

/** One page of every review, website and listings, newest first (admins). */
export function useAllReviews(page: number, limit: number) {
  return useQuery({
    queryKey: reviewKeys.everyone(page, limit),
    queryFn: ({ signal }) =>
      apiPage('/api/property-reviews', { schema: ZReviewList, query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}
