import type { AgentProfileRequest } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZOwnAgentProfile } from '../types';
import { agentKeys } from './query-keys';

/** Saves the signed-in agent's bio, areas and shown contact; the answer is the saved profile. */
export const saveOwnProfile = (profile: AgentProfileRequest) =>
  api('/api/agent-profile', {
    method: 'PUT',
    body: profile,
    schema: ZOwnAgentProfile,
    signOutOn: [401],
  });

export function useSaveOwnProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveOwnProfile,
    onSuccess: (saved) => {
      client.setQueryData(agentKeys.own, saved);
      return client.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}
