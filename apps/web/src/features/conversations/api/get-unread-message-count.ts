import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZUnreadCount } from '@/lib/contract-twins';
import { conversationKeys } from '@/lib/query-keys';

/**
 * How often the count is asked for again. The live stream refreshes it as each message arrives;
 * this only catches up when the stream is down.
 */
const UNREAD_MESSAGES_POLL_MS = 60_000;

export const getUnreadMessageCount = (signal?: AbortSignal) =>
  api('/api/conversations/unread-count', { schema: ZUnreadCount, signal });

/** How many messages the signed-in person has not read, over all their conversations. */
export function useUnreadMessageCount() {
  return useQuery({
    queryKey: conversationKeys.unread(),
    queryFn: ({ signal }) => getUnreadMessageCount(signal),
    staleTime: 0,
    refetchInterval: UNREAD_MESSAGES_POLL_MS,
  });
}
