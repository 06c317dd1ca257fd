import { TIMINGS_MS } from '@keyhaven/shared/constants';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZPublicReviewList } from '../types';
import { reviewKeys } from './query-keys';

const REVIEWS_PATH = '/api/reviews';

/**
 * The newest reviews of the website (public): cached 5 minutes and refetched whenever a screen
 * that shows them mounts, so a review just posted shows on the next visit.
 */
export function useWebsiteReviews(limit: number) {
  return useQuery({
    queryKey: reviewKeys.website(limit),
    queryFn: ({ signal }) =>
      apiPage(REVIEWS_PATH, {
        schema: ZPublicReviewList,
        query: { reviewFor: 'website', page: 1, limit },
        signal,
      }),
    staleTime: TIMINGS_MS.cacheStale,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/**
 * A listing's reviews, newest first, `pageSize` at a time (signed in; cached 5 minutes).
 * `fetchNextPage` loads the next page while there are more than have loaded.
 */
export const propertyReviewsQueryOptions = (propertyId: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.property(propertyId, pageSize),
    queryFn: ({ pageParam, signal }) =>
      apiPage(REVIEWS_PATH, {
        schema: ZPublicReviewList,
        query: { propertyId, page: pageParam, limit: pageSize },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? pages.length + 1 : undefined;
    },
    staleTime: TIMINGS_MS.cacheStale,
    enabled: propertyId !== '',
  });

export const usePropertyReviews = (propertyId: string, pageSize: number) =>
  useInfiniteQuery(propertyReviewsQueryOptions(propertyId, pageSize));
