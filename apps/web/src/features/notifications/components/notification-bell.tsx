import { ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { NOTIFICATION_MESSAGES, unreadNotificationsLabel } from '@keyhaven/shared/texts';
import { Popover } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ListError } from '@/components/list-states';
import { badgeCount } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useMarkRead, useNotifications } from '../api/notifications';
import { useLiveUnreadCount } from '../lib/use-live-unread-count';
import { BellIcon } from './bell-icon';
import { NotificationText, notificationTarget, UnreadMarker } from './notification-summary';

type PanelProps = { userId: string; titleId: string; onNavigate: () => void };

/** The latest notifications, each a link to what it is about, opened from the bell. */
function NotificationPanel({ userId, titleId, onNavigate }: PanelProps) {
  const list = useNotifications({
    userId,
    page: 1,
    limit: ENGAGEMENT_LIMITS.notificationsPanelSize,
  });
  const markRead = useMarkRead(userId);
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];

  return (
    <>
      <div className="flex items-center justify-between gap-3 border-b border-sand px-4 py-3">
        <h2 id={titleId} className="text-lg font-bold text-teal-900">
          {NOTIFICATION_MESSAGES.panelTitle}
        </h2>
        {/* Never disabled: focus stays on it once everything is read. */}
        <button
          type="button"
          aria-disabled={unread === 0 || markRead.isPending}
          onClick={() => {
            if (unread > 0 && !markRead.isPending) markRead.mutate(undefined);
          }}
          className="cursor-pointer rounded-lg px-2 py-1 text-sm font-semibold text-teal-800 hover:bg-teal-50 aria-disabled:cursor-default aria-disabled:text-stone-500 aria-disabled:hover:bg-transparent"
        >
          {NOTIFICATION_MESSAGES.markAllRead}
        </button>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={list.isFetching}>
        {list.isPending && <Spinner label="Loading notifications" className="py-10" />}
        {list.isError && (
          <ListError
            className="m-4 p-4"
            error={list.error}
            message={NOTIFICATION_MESSAGES.loadFailed}
            onRetry={() => list.refetch()}
            retrying={list.isFetching}
          />
        )}
        {list.isSuccess && items.length === 0 && (
          <p role="status" className="px-4 py-10 text-center text-stone-700">
            {NOTIFICATION_MESSAGES.empty}
          </p>
        )}
        {items.length > 0 && (
          <ul aria-labelledby={titleId} className="divide-y divide-sand">
            {items.map((notification) => (
              <li key={notification._id}>
                <Link
                  to={notificationTarget(notification.link)}
                  onClick={() => {
                    if (!notification.read) markRead.mutate(notification._id);
                    onNavigate();
                  }}
                  className={cn(
                    'flex gap-3 px-4 py-3 hover:bg-teal-50 focus-visible:bg-teal-50',
                    !notification.read && 'bg-teal-50/50',
                  )}
                >
                  <UnreadMarker read={notification.read} />
                  <NotificationText notification={notification} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="border-t border-sand p-3">
        <Link
          to={paths.dashboard.notifications}
          onClick={onNavigate}
          className={buttonStyles({ variant: 'secondary', className: 'w-full' })}
        >
          {NOTIFICATION_MESSAGES.seeAll}
        </Link>
      </div>
    </>
  );
}

/**
 * The bell in the navigation bar: the unread count, kept live, and a panel of the latest
 * notifications. The panel closes on Escape, on a click outside and on navigation, and focus
 * goes back to the bell. On a phone it spans the screen's width.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { pathname } = useLocation();
  const unread = useLiveUnreadCount(userId);
  const count = unread.data?.unread ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is what closes the panel.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unreadNotificationsLabel(count)}
        className={buttonStyles({ variant: 'ghost', size: 'icon', className: 'relative' })}
      >
        <BellIcon />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white ring-2 ring-cream"
          >
            {badgeCount(count)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={titleId}
          align="end"
          sideOffset={8}
          collisionPadding={{ left: 0, right: 0, top: 8, bottom: 8 }}
          className="z-50 flex max-h-(--radix-popover-content-available-height) w-screen flex-col overflow-hidden border-y border-sand bg-white shadow-xl motion-safe:animate-pop-in sm:w-96 sm:rounded-2xl sm:border-x"
        >
          <NotificationPanel userId={userId} titleId={titleId} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
