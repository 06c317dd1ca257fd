import { unreadMessagesLabel } from '@keyhaven/shared/texts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { useUnreadMessageCount } from '../api/get-unread-message-count';

/** The badge shows at most this; screen readers hear the exact count. */
const BADGE_CAP = 99;

/**
 * How many messages the signed-in person has not read, beside the Messages link: nothing while
 * there are none (or the count is not known yet). The count moves as messages arrive and are read.
 */
export function UnreadMessagesBadge({ className }: { className?: string }) {
  const count = useUnreadMessageCount();
  const unread = count.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Badge tone="teal" className={cn('tabular-nums', className)}>
      <span aria-hidden="true">{unread > BADGE_CAP ? `${BADGE_CAP}+` : unread}</span>
      <span className="sr-only"> ({unreadMessagesLabel(unread)})</span>
    </Badge>
  );
}
