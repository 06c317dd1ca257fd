import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZAgentProfile } from '../types';
import { agentKeys } from './query-keys';

/** An agent's profile: contact they show, bio, areas and figures (signed in). */
export const agentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: agentKeys.profile(id),
    queryFn: ({ signal }) =>
      api(`/api/agents/${encodeURIComponent(id)}`, { schema: ZAgentProfile, signal }),
  });

export const useAgent = (id: string) => useQuery(agentQueryOptions(id));
