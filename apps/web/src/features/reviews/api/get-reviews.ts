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

/** Pages of a review list, `pageSize` at a time, until every review has loaded. */
const pagedReviews = (
  queryKey: readonly unknown[],
  path: string,
  query: Record<string, string>,
  pageSize: number,
  enabled: boolean,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiPage(path, {
        schema: ZPublicReviewList,
        query: { ...query, page: pageParam, limit: pageSize },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? pages.length + 1 : undefined;
    },
    staleTime: TIMINGS_MS.cacheStale,
    enabled,
  });

/**
 * A listing's reviews, newest first, `pageSize` at a time (signed in; cached 5 minutes).
 * `fetchNextPage` loads the next page while there are more than have loaded.
 */
export const propertyReviewsQueryOptions = (propertyId: string, pageSize: number) =>
  pagedReviews(
    reviewKeys.property(propertyId, pageSize),
    REVIEWS_PATH,
    { propertyId },
    pageSize,
    propertyId !== '',
  );

export const usePropertyReviews = (propertyId: string, pageSize: number) =>
  useInfiniteQuery(propertyReviewsQueryOptions(propertyId, pageSize));

/** An agent's reviews, newest first, as a listing's (signed in; cached 5 minutes). */
export const agentReviewsQueryOptions = (agentId: string, pageSize: number) =>
  pagedReviews(
    reviewKeys.agent(agentId, pageSize),
    `/api/agents/${encodeURIComponent(agentId)}/reviews`,
    {},
    pageSize,
    agentId !== '',
  );

export const useAgentReviews = (agentId: string, pageSize: number) =>
  useInfiniteQuery(agentReviewsQueryOptions(agentId, pageSize));
