import type { SavedSearch, SavedSearchRequest } from '@keyhaven/shared';
import { ALERT_FREQUENCIES, type AlertFrequency } from '@keyhaven/shared/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import { type ContractTwin, type ListTwin, ZMessageResponse } from '@/lib/contract-twins';

/*
 * A valibot twin of the saved-search answer in @keyhaven/shared (see lib/contract-twins.ts): the
 * Save this search button sits on Home, whose first download stays small.
 */
const savedSearchTwin = v.object({
  _id: v.string(),
  name: v.string(),
  filters: v.record(v.string(), v.string()),
  alert: v.picklist(ALERT_FREQUENCIES),
  newMatches: v.number(),
  createdAt: v.string(),
});
const ZSavedSearch: ContractTwin<typeof savedSearchTwin, SavedSearch> = savedSearchTwin;
const ZSavedSearchList: ListTwin<typeof ZSavedSearch, SavedSearch[]> = v.array(ZSavedSearch);

export type { SavedSearch };

const SAVED_SEARCHES = '/api/saved-searches';
const one = (id: string) => `${SAVED_SEARCHES}/${encodeURIComponent(id)}`;

/** Each person's saved searches, so nothing cached for one account shows for the next. */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  mine: (userId: string) => ['saved-searches', userId] as const,
};

export const useSavedSearches = (userId: string) =>
  useQuery({
    queryKey: savedSearchKeys.mine(userId),
    queryFn: ({ signal }) => api(SAVED_SEARCHES, { schema: ZSavedSearchList, signal }),
  });

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchRequest) =>
      api(SAVED_SEARCHES, { method: 'POST', body, schema: ZSavedSearch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useUpdateSavedSearch(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string; name?: string; alert?: AlertFrequency }) =>
      api(one(id), { method: 'PATCH', body: changes, schema: ZSavedSearch }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.mine(userId) }),
  });
}

export function useDeleteSavedSearch(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(one(id), { method: 'DELETE', schema: ZMessageResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.mine(userId) }),
  });
}

/** The owner opened the search: its matches so far are no longer counted as new. */
export function useMarkSavedSearchViewed(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${one(id)}/viewed`, { method: 'POST', schema: ZSavedSearch }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.mine(userId) }),
  });
}
