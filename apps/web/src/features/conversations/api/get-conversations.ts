import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZConversationList } from '../types';
import { conversationKeys, MESSAGES_REFRESH_MS } from './query-keys';

/** The caller's conversations, newest activity first, asked again while the page is open. */
export function useConversations() {
  return useQuery({
    queryKey: conversationKeys.list(),
    queryFn: ({ signal }) => api('/api/conversations', { schema: ZConversationList, signal }),
    refetchInterval: MESSAGES_REFRESH_MS,
  });
}
