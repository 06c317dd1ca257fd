import { paths } from '@/lib/paths';
import type { Notification } from '../api/twins';
import { exactTime, timeAgo } from '../lib/relative-time';

/**
 * Where a notification leads: its link, when that is a page of this app. Anything else (a link
 * to another site) goes to the notifications page instead, so a notification can never send
 * anyone away from the marketplace.
 */
export const notificationTarget = (link: string) =>
  link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')
    ? link
    : paths.dashboard.notifications;

/** The dot that marks an unread notification; screen readers hear 'Unread' before the title. */
export function UnreadMarker({ read }: { read: boolean }) {
  if (read) return <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0" />;
  return <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-teal-600" />;
}

/** Title, body and when: what every notification shows, in the panel and on its page. */
export function NotificationText({ notification }: { notification: Notification }) {
  return (
    <span className="block min-w-0">
      <span
        className={
          notification.read
            ? 'block font-medium break-words text-stone-800'
            : 'block font-semibold break-words text-stone-950'
        }
      >
        {!notification.read && <span className="sr-only">Unread: </span>}
        {notification.title}
      </span>
      <span className="mt-0.5 block text-sm break-words text-stone-700">{notification.body}</span>
      <time
        dateTime={notification.createdAt}
        title={exactTime(notification.createdAt)}
        className="mt-1 block text-xs text-stone-600"
      >
        {timeAgo(notification.createdAt)}
      </time>
    </span>
  );
}
