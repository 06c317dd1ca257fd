import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conversationKeys } from '@/lib/query-keys';
import { ZConversationList } from '../types';
import { MESSAGES_REFRESH_MS } from './message-refresh';

/** The caller's conversations, newest activity first, asked again while the page is open. */
export function useConversations() {
  return useQuery({
    queryKey: conversationKeys.list(),
    queryFn: ({ signal }) => api('/api/conversations', { schema: ZConversationList, signal }),
    refetchInterval: MESSAGES_REFRESH_MS,
  });
}
