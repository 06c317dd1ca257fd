import { ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { NOTIFICATION_MESSAGES } from '@keyhaven/shared/texts';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { PagedList, type PagedListSpec } from '@/components/paged-list';
import { Button } from '@/components/ui/button';
import { usePageParam } from '@/hooks/use-page-param';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useMarkRead, useNotifications } from '../api/notifications';
import type { Notification } from '../api/twins';
import {
  NotificationText,
  notificationTarget,
  UnreadMarker,
} from '../components/notification-summary';

const TEXT = {
  listTitle: 'All notifications',
  settingsLink: 'Choose what also comes by e-mail',
  markFailed: 'Could not mark your notifications as read. Please try again.',
} as const;

const linkIdOf = (notification: Notification) => `notification-${notification._id}`;

type ItemProps = {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
  marking: boolean;
};

function NotificationItem({ notification, onOpen, onMarkRead, marking }: ItemProps) {
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-sand p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between',
        notification.read ? 'bg-white' : 'bg-teal-50/60',
      )}
    >
      <Link
        id={linkIdOf(notification)}
        to={notificationTarget(notification.link)}
        onClick={onOpen}
        className="flex min-w-0 flex-1 gap-3 rounded-lg hover:underline"
      >
        <UnreadMarker read={notification.read} />
        <NotificationText notification={notification} />
      </Link>
      {!notification.read && (
        <Button
          variant="secondary"
          size="sm"
          // A name that says which one, as the list holds many such buttons.
          aria-describedby={linkIdOf(notification)}
          aria-disabled={marking}
          className="self-start aria-disabled:opacity-60"
          onClick={() => {
            if (!marking) onMarkRead();
          }}
        >
          {NOTIFICATION_MESSAGES.markRead}
        </Button>
      )}
    </li>
  );
}

const NOTIFICATIONS_LIST: PagedListSpec = {
  title: TEXT.listTitle,
  noun: ['notification', 'notifications'],
  pageSize: ENGAGEMENT_LIMITS.notificationsPageSize,
  pagesLabel: 'Notification pages',
  loadingLabel: 'Loading notifications',
  failure: NOTIFICATION_MESSAGES.loadFailed,
};

/** Every notification of the signed-in person, newest first, a page at a time. */
export function NotificationsPage() {
  const me = useSignedInUser();
  const paging = usePageParam();
  const list = useNotifications({
    userId: me._id,
    page: paging.page,
    limit: NOTIFICATIONS_LIST.pageSize,
  });
  const markRead = useMarkRead(me._id);
  const unread = list.data?.unread ?? 0;

  const onError = (error: Error) => toast.error(errorMessage(error, TEXT.markFailed));

  /** Its button goes once it is read: focus moves to the notification itself. */
  const markOne = (notification: Notification) =>
    markRead.mutate(notification._id, {
      onSuccess: () => document.getElementById(linkIdOf(notification))?.focus(),
      onError,
    });

  return (
    <ContentLayout heading={NOTIFICATION_MESSAGES.panelTitle}>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <Link
          to={paths.dashboard.notificationSettings}
          className="font-semibold text-teal-800 underline-offset-4 hover:underline"
        >
          {TEXT.settingsLink}
        </Link>
        {/* Never disabled: focus stays on it once everything is read. */}
        <Button
          variant="secondary"
          aria-disabled={unread === 0 || markRead.isPending}
          className="aria-disabled:cursor-default aria-disabled:opacity-60"
          onClick={() => {
            if (unread > 0 && !markRead.isPending) markRead.mutate(undefined, { onError });
          }}
        >
          {NOTIFICATION_MESSAGES.markAllRead}
        </Button>
      </div>

      <PagedList
        list={NOTIFICATIONS_LIST}
        query={list}
        paging={paging}
        empty={<ListEmpty>{NOTIFICATION_MESSAGES.empty}</ListEmpty>}
      >
        {(items, titleId) => (
          <ul aria-labelledby={titleId} className="mt-6 grid gap-3">
            {items.map((notification) => (
              <NotificationItem
                key={notification._id}
                notification={notification}
                marking={markRead.isPending && markRead.variables === notification._id}
                onOpen={() => {
                  if (!notification.read) markRead.mutate(notification._id);
                }}
                onMarkRead={() => markOne(notification)}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </ContentLayout>
  );
}
