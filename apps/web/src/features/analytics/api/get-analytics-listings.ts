import type { AnalyticsPeriod, ListingAnalyticsSort } from '@keyhaven/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './analytics-keys';
import { ZListingAnalyticsPage } from './twins';

/** `ZListingAnalyticsQuery` in @keyhaven/shared, every parameter given. */
export type AnalyticsListingsQuery = {
  period: AnalyticsPeriod;
  sort: ListingAnalyticsSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
};

/** One page of the agent's listings with their figures over the period, sorted by the server. */
export const getAnalyticsListings = (query: AnalyticsListingsQuery, signal?: AbortSignal) =>
  api('/api/agent/analytics/listings', { schema: ZListingAnalyticsPage, query, signal });

export const analyticsListingsQueryOptions = (agentId: string, query: AnalyticsListingsQuery) =>
  queryOptions({
    queryKey: analyticsKeys.listings(agentId, query),
    queryFn: ({ signal }) => getAnalyticsListings(query, signal),
    staleTime: 60_000,
    // A new sort or page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAnalyticsListings = (agentId: string, query: AnalyticsListingsQuery) =>
  useQuery(analyticsListingsQueryOptions(agentId, query));
