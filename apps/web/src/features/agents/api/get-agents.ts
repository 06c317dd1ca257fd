import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZAgentSummaryList } from '../types';
import { type AgentDirectoryRequest, agentKeys } from './query-keys';

/** One page of the agents directory, found by name or area, in the order asked for. */
export const agentsQueryOptions = (request: AgentDirectoryRequest) =>
  queryOptions({
    queryKey: agentKeys.directory(request),
    queryFn: ({ signal }) =>
      apiPage('/api/agents', { schema: ZAgentSummaryList, query: request, signal }),
    placeholderData: keepPreviousData,
  });

export const useAgents = (request: AgentDirectoryRequest) => useQuery(agentsQueryOptions(request));
