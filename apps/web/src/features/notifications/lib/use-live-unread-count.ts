import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endSessionHere, sessionMark } from '@/lib/api-client';
import { conversationKeys } from '@/lib/query-keys';
import { notificationKeys } from '../api/notification-keys';
import { NOTIFICATIONS_STREAM_PATH, useUnreadCount } from '../api/notifications';

/** The first wait before the stream is tried again after it failed; it doubles each time. */
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 5 * 60_000;

/** The count in an `unread` event (`{"unread":3}`), or null when the data is not one. */
function unreadIn(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    const unread = (parsed as { unread?: unknown } | null)?.unread;
    return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the signed-in person's count of unread notifications current without a reload: the
 * server tells of each change over server-sent events, and each `unread` event sets the count and
 * refreshes the lists; a `messages` event (a message arrived) refreshes their conversations. When
 * the stream fails (a proxy that cuts it, a restart), the count is asked for every 30 s instead
 * while the stream is tried again, waiting longer each time. The stream
 * closes when the person signs out (the bell that holds this hook goes) or leaves, and when the
 * server says the session ended elsewhere (`signed-out`), which signs this page out too. A page
 * whose stream the server `replaced` with a newer one polls from then on.
 */
export function useLiveUnreadCount(userId: string) {
  const queryClient = useQueryClient();
  const [streaming, setStreaming] = useState(false);

  useEffect(() => {
    // Only browsers hold a stream open; the server renders no bell, but stay safe.
    if (typeof window === 'undefined' || typeof EventSource !== 'function') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const connect = () => {
      const listeningIn = sessionMark();
      source = new EventSource(NOTIFICATIONS_STREAM_PATH);
      source.addEventListener('open', () => {
        // Back after a failure: what arrived meanwhile is asked for at once.
        if (failures > 0) {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.mine(userId) });
        }
        // The stream tells of messages only from now on: one that came since the shown counts
        // were read is asked for (by the conversations shown, if any).
        void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
        failures = 0;
        setStreaming(true);
      });
      source.addEventListener('unread', (event) => {
        const unread = unreadIn((event as MessageEvent).data);
        if (unread === null) return;
        queryClient.setQueryData(notificationKeys.unread(userId), { unread });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(userId) });
      });
      // A message arrived: the menu's count, the list and any open conversation are asked again.
      source.addEventListener('messages', () => {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
      });
      // The person (or their network) has more pages listening than the server keeps open, and
      // this one is the oldest: it asks for the count every 30 s instead, and listens again when
      // reloaded, rather than taking the place of another page that would then do the same.
      source.addEventListener('replaced', () => {
        source?.close();
        source = null;
        setStreaming(false);
      });
      source.addEventListener('signed-out', () => {
        source?.close();
        source = null;
        setStreaming(false);
        void endSessionHere(listeningIn);
      });
      source.addEventListener('error', () => {
        // The browser would retry on its own at its own pace, and never after a refusal: the
        // retries are ours, with a growing wait, and the count is polled meanwhile.
        source?.close();
        source = null;
        setStreaming(false);
        const wait = Math.min(FIRST_RETRY_MS * 2 ** failures, LONGEST_RETRY_MS);
        failures += 1;
        retryTimer = setTimeout(connect, wait);
      });
    };

    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
      setStreaming(false);
    };
  }, [queryClient, userId]);

  return useUnreadCount(userId, { poll: !streaming });
}
