import type { AnalyticsPeriod } from '@keyhaven/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './analytics-keys';
import { ZListingAnalytics } from './twins';

/** The signed-in agent's totals over `period` days, the period before, and views and saves by day. */
export const getListingAnalytics = (period: AnalyticsPeriod, signal?: AbortSignal) =>
  api('/api/agent/analytics', { schema: ZListingAnalytics, query: { period }, signal });

export const listingAnalyticsQueryOptions = (agentId: string, period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsKeys.summary(agentId, period),
    queryFn: ({ signal }) => getListingAnalytics(period, signal),
    // Views arrive all day: a return to the page asks again rather than show the morning's.
    staleTime: 60_000,
  });

export const useListingAnalytics = (agentId: string, period: AnalyticsPeriod) =>
  useQuery(listingAnalyticsQueryOptions(agentId, period));
