import { unreadMessagesLabel } from '@keyhaven/shared/texts';
import { Badge, badgeCount } from '@/components/ui/badge';
import { useUnreadMessageCount } from '../api/get-unread-message-count';

/**
 * How many messages the signed-in person has not read, beside the Messages link: nothing while
 * there are none (or the count is not known yet). The count moves as messages arrive and are read.
 */
export function UnreadMessagesBadge() {
  const count = useUnreadMessageCount();
  const unread = count.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Badge tone="teal" className="tabular-nums">
      <span aria-hidden="true">{badgeCount(unread)}</span>
      <span className="sr-only"> ({unreadMessagesLabel(unread)})</span>
    </Badge>
  );
}
