import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conversationKeys } from '@/lib/query-keys';
import { ZConversationThread } from '../types';
import { MESSAGES_REFRESH_MS } from './message-refresh';

/**
 * One conversation with its messages, asked again while the page is open. Reading it marks it
 * read on the server, so the list's unread counts and the menu's count are refreshed with it.
 */
export function useConversation(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.thread(id),
    queryFn: async ({ signal }) => {
      const thread = await api(`/api/conversations/${encodeURIComponent(id)}`, {
        schema: ZConversationThread,
        signal,
        // A conversation that is not the caller's is a 404, not a lost session.
        signOutOn: [401],
      });
      void client.invalidateQueries({ queryKey: conversationKeys.list() });
      void client.invalidateQueries({ queryKey: conversationKeys.unread() });
      return thread;
    },
    refetchInterval: MESSAGES_REFRESH_MS,
    enabled: id !== '',
  });
}
