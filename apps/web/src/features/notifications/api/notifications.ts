import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZUnreadCount } from '@/lib/contract-twins';
import { notificationKeys } from './notification-keys';
import { ZNotificationsPage } from './twins';

const NOTIFICATIONS_PATH = '/api/notifications';
/** The live unread count, as server-sent events. */
export const NOTIFICATIONS_STREAM_PATH = `${NOTIFICATIONS_PATH}/stream`;

/** How often the count is asked for while the live stream is down. */
export const UNREAD_POLL_MS = 30_000;

/** One page of the signed-in person's notifications, newest first, with their unread count. */
export const getNotifications = (
  { page, limit }: { page: number; limit: number },
  signal?: AbortSignal,
) => api(NOTIFICATIONS_PATH, { schema: ZNotificationsPage, query: { page, limit }, signal });

export const getUnreadCount = (signal?: AbortSignal) =>
  api(`${NOTIFICATIONS_PATH}/unread-count`, { schema: ZUnreadCount, signal });

type ListOptions = { userId: string; page: number; limit: number; enabled?: boolean };

export function useNotifications({ userId, page, limit, enabled = true }: ListOptions) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.list(userId, page, limit),
    queryFn: async ({ signal }) => {
      const answer = await getNotifications({ page, limit }, signal);
      // The list knows the count too: the bell agrees with what the list shows.
      queryClient.setQueryData(notificationKeys.unread(userId), { unread: answer.unread });
      return answer;
    },
    enabled,
    // New ones arrive at any time: ask again whenever the list is shown.
    staleTime: 0,
    // The current page stays up while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The unread count on the bell. `poll`: while the live stream is down, it is asked for again every
 * `POLL_MS`, so the count still moves without a reload.
 */
export function useUnreadCount(userId: string, { poll }: { poll: boolean }) {
  return useQuery({
    queryKey: notificationKeys.unread(userId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 0,
    refetchInterval: poll ? UNREAD_POLL_MS : false,
  });
}

/** Marks one of the caller's notifications read; the server answers the new unread count. */
export const markNotificationRead = (id: string) =>
  api(`${NOTIFICATIONS_PATH}/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    schema: ZUnreadCount,
  });

export const markAllNotificationsRead = () =>
  api(`${NOTIFICATIONS_PATH}/read-all`, { method: 'POST', schema: ZUnreadCount });

/**
 * Marks one notification (an id) or all of them (no id) read. The bell takes the count the server
 * answers, and the lists are asked for again, also when the panel that asked is gone (a
 * notification opened).
 */
export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => (id ? markNotificationRead(id) : markAllNotificationsRead()),
    onSuccess: (count) => queryClient.setQueryData(notificationKeys.unread(userId), count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists(userId) }),
  });
}
