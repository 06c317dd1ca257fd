import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZAgentSaleList } from '../types';
import { agentKeys } from './query-keys';

/** One page of an agent's sold homes, latest first. */
export const agentSalesQueryOptions = (id: string, page: number, limit: number) =>
  queryOptions({
    queryKey: agentKeys.sales(id, page, limit),
    queryFn: ({ signal }) =>
      apiPage(`/api/agents/${encodeURIComponent(id)}/sales`, {
        schema: ZAgentSaleList,
        query: { page, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAgentSales = (id: string, page: number, limit: number) =>
  useQuery(agentSalesQueryOptions(id, page, limit));
