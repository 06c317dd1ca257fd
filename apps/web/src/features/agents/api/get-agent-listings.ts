import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZPropertyList } from '@/lib/listing';
import { agentKeys } from './query-keys';

/** One page of an agent's homes on the market, newest first. */
export const agentListingsQueryOptions = (id: string, page: number, limit: number) =>
  queryOptions({
    queryKey: agentKeys.listings(id, page, limit),
    queryFn: ({ signal }) =>
      apiPage(`/api/agents/${encodeURIComponent(id)}/listings`, {
        schema: ZPropertyList,
        query: { page, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAgentListings = (id: string, page: number, limit: number) =>
  useQuery(agentListingsQueryOptions(id, page, limit));
