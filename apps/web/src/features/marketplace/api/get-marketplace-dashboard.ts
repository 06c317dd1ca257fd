import type { DashboardPeriod } from '@keyhaven/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMarketplaceDashboard } from './twins';

export const marketplaceKeys = {
  all: ['marketplace-dashboard'] as const,
  dashboard: (period: number) => ['marketplace-dashboard', { period }] as const,
};

/** The whole marketplace over `period` days: the approval queue, decisions, users, offers, sales. */
export const getMarketplaceDashboard = (period: DashboardPeriod, signal?: AbortSignal) =>
  api('/api/admin/dashboard', { schema: ZMarketplaceDashboard, query: { period }, signal });

export const marketplaceDashboardQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: marketplaceKeys.dashboard(period),
    queryFn: ({ signal }) => getMarketplaceDashboard(period, signal),
    // The approval queue moves while admins work it: a return to the page asks again.
    staleTime: 60_000,
  });

export const useMarketplaceDashboard = (period: DashboardPeriod) =>
  useQuery(marketplaceDashboardQueryOptions(period));
