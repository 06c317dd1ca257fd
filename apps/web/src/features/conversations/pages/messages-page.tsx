import { CONVERSATION_MESSAGES, unreadMessagesLabel } from '@keyhaven/shared/texts';
import { generatePath, Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty, ListError } from '@/components/list-states';
import { ListingPicture } from '@/components/listing/listing-picture';
import { Badge } from '@/components/ui/badge';
import { PageSpinner } from '@/components/ui/spinner';
import { photoFromAddress } from '@/lib/image-renditions';
import { paths } from '@/lib/paths';
import { useConversations } from '../api/get-conversations';
import { formatMessageTime } from '../lib/message-time';
import { type Conversation, otherPartyOf } from '../types';

const conversationPath = (id: string) => generatePath(paths.dashboard.conversation, { id });

function ConversationRow({ conversation }: { conversation: Conversation }) {
  const unread = conversation.unread > 0;
  return (
    <li>
      <Link
        to={conversationPath(conversation._id)}
        className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3 hover:border-teal-600 hover:bg-teal-50/40 sm:gap-4 sm:p-4"
      >
        <ListingPicture
          photo={photoFromAddress(conversation.propertyImage, conversation.propertyTitle)}
          alt=""
          sizes="6rem"
          className="aspect-[3/2] w-20 shrink-0 self-start rounded-lg sm:w-24"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className={unread ? 'font-bold text-stone-950' : 'font-semibold text-stone-900'}>
              {otherPartyOf(conversation)}
            </p>
            <time dateTime={conversation.lastMessageAt} className="text-sm text-stone-600">
              {formatMessageTime(conversation.lastMessageAt)}
            </time>
          </div>
          <p className="truncate text-sm text-stone-700">{conversation.propertyTitle}</p>
          <div className="mt-1 flex items-center gap-2">
            <p
              className={
                unread
                  ? 'min-w-0 flex-1 truncate text-sm font-medium text-stone-900'
                  : 'min-w-0 flex-1 truncate text-sm text-stone-600'
              }
            >
              {conversation.lastMessage}
            </p>
            {unread && (
              <Badge tone="teal">
                {conversation.unread}
                <span className="sr-only"> ({unreadMessagesLabel(conversation.unread)})</span>
              </Badge>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}

/**
 * Messages: the caller's conversations, as buyer and as agent, newest activity first, each with
 * its listing, the other person, the latest message and how many are unread.
 */
export function MessagesPage() {
  const conversations = useConversations();
  return (
    <ContentLayout heading={CONVERSATION_MESSAGES.pageTitle}>
      <div className="mt-6">
        {conversations.isPending ? (
          <PageSpinner label="Loading messages" />
        ) : conversations.isError ? (
          <ListError
            error={conversations.error}
            message={CONVERSATION_MESSAGES.loadFailed}
            onRetry={() => void conversations.refetch()}
            retrying={conversations.isFetching}
          />
        ) : conversations.data.length === 0 ? (
          <ListEmpty title={CONVERSATION_MESSAGES.empty}>
            {CONVERSATION_MESSAGES.emptyHint}
          </ListEmpty>
        ) : (
          <ul className="space-y-3" aria-label="Conversations">
            {conversations.data.map((conversation) => (
              <ConversationRow key={conversation._id} conversation={conversation} />
            ))}
          </ul>
        )}
      </div>
    </ContentLayout>
  );
}
