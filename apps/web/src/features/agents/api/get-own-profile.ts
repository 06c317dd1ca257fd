import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZOwnAgentProfile } from '../types';
import { agentKeys } from './query-keys';

/** The signed-in agent's profile as they edit it. */
export const ownProfileQueryOptions = () =>
  queryOptions({
    queryKey: agentKeys.own,
    queryFn: ({ signal }) => api('/api/agent-profile', { schema: ZOwnAgentProfile, signal }),
  });

export const useOwnProfile = () => useQuery(ownProfileQueryOptions());
