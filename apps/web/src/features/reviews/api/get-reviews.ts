import { TIMINGS_MS } from '@keyhaven/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ZPublicReviewList } from '../types';
import { reviewKeys } from './query-keys';
import { requestReviews, useSignOutLocally } from './request-reviews';

const REVIEWS_PATH = '/api/reviews';

/**
 * The newest reviews of the website (public). Spec section 7: cached 5 minutes and refetched
 * whenever a screen that shows them mounts.
 */
export function useWebsiteReviews(limit: number) {
  return useQuery({
    queryKey: reviewKeys.website(limit),
    queryFn: ({ signal }) =>
      requestReviews(REVIEWS_PATH, ZPublicReviewList, {
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
export function usePropertyReviews(propertyId: string, pageSize: number) {
  const onUnauthorized = useSignOutLocally();
  return useInfiniteQuery({
    queryKey: reviewKeys.property(propertyId, pageSize),
    queryFn: ({ pageParam, signal }) =>
      requestReviews(REVIEWS_PATH, ZPublicReviewList, {
        query: { propertyId, page: pageParam, limit: pageSize },
        signal,
        onUnauthorized,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.reviews.length, 0);
      return loaded < last.total && last.reviews.length > 0 ? pages.length + 1 : undefined;
    },
    staleTime: TIMINGS_MS.cacheStale,
    enabled: propertyId !== '',
  });
}
