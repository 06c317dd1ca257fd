import { CONVERSATION_MESSAGES, MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListError } from '@/components/list-states';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/hooks/use-session';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { paths, propertyDetailsPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useConversation } from '../api/get-conversation';
import { useRemoveMessage } from '../api/remove-message';
import { useSendReply } from '../api/send-message';
import { MessageForm } from '../components/message-form';
import { formatMessageTime } from '../lib/message-time';
import { type Conversation, type Message, otherPartyOf } from '../types';

function BackLink() {
  return (
    <Link
      to={paths.dashboard.messages}
      className="inline-flex items-center gap-1 text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
    >
      <span aria-hidden="true">←</span> {CONVERSATION_MESSAGES.back}
    </Link>
  );
}

/** Who wrote a message, as the reader sees it: "You" for their own. */
function authorOf(message: Message, conversation: Conversation) {
  if (message.mine) return CONVERSATION_MESSAGES.you;
  if (conversation.role !== 'admin') return message.senderName;
  return `${message.senderName} (${message.sender === 'agent' ? 'agent' : 'buyer'})`;
}

function MessageItem({
  message,
  conversation,
  onRemove,
}: {
  message: Message;
  conversation: Conversation;
  onRemove?: (message: Message) => void;
}) {
  return (
    <li className={cn('flex', message.mine ? 'justify-end' : 'justify-start')}>
      <article
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-3 sm:max-w-[75%]',
          message.mine
            ? 'bg-teal-800 text-white'
            : 'border border-stone-200 bg-white text-stone-900',
        )}
      >
        <header className="flex flex-wrap items-baseline gap-x-3 text-sm">
          <h2 className="font-semibold">{authorOf(message, conversation)}</h2>
          <time
            dateTime={message.createdAt}
            className={message.mine ? 'text-teal-100' : 'text-stone-600'}
          >
            {formatMessageTime(message.createdAt)}
          </time>
        </header>
        {message.removed ? (
          <p className={cn('mt-1 italic', message.mine ? 'text-teal-50' : 'text-stone-600')}>
            {CONVERSATION_MESSAGES.removed}
          </p>
        ) : (
          // Text as it was written: line breaks kept, nothing made into a link.
          <p className="mt-1 break-words whitespace-pre-wrap">{message.body}</p>
        )}
        {onRemove && !message.removed && (
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => onRemove(message)}>
            {CONVERSATION_MESSAGES.remove}
            <span className="sr-only">
              : {authorOf(message, conversation)}, {formatMessageTime(message.createdAt)}
            </span>
          </Button>
        )}
      </article>
    </li>
  );
}

function RemoveMessageDialog({
  message,
  onClose,
}: {
  message: Message | null;
  onClose: () => void;
}) {
  const removeMessage = useRemoveMessage();
  return (
    <ConfirmDialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title={CONVERSATION_MESSAGES.removeConfirmTitle}
      description={<p>{CONVERSATION_MESSAGES.removeConfirm}</p>}
      confirmLabel={CONVERSATION_MESSAGES.remove}
      pendingLabel="Removing..."
      tone="danger"
      pending={removeMessage.isPending}
      onConfirm={() => {
        if (!message) return;
        removeMessage.mutate(message._id, {
          onSuccess: ({ message: done }) =>
            toast.success(done || CONVERSATION_MESSAGES.removedDone),
          onError: (error) =>
            toast.error(CONVERSATION_MESSAGES.remove, {
              description: errorMessage(error, MESSAGES.somethingWentWrong),
            }),
          onSettled: onClose,
        });
      }}
    />
  );
}

/**
 * One conversation: the messages, oldest first, the caller's own on the right; a reply box for
 * its two sides; for admins, Remove message by each message. Opening it marks it read.
 */
export function ConversationPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const thread = useConversation(id);
  const sendReply = useSendReply();
  const [removing, setRemoving] = useState<Message | null>(null);

  if (thread.isPending) {
    return (
      <ContentLayout heading={CONVERSATION_MESSAGES.pageTitle}>
        <PageSpinner label="Loading the conversation" />
      </ContentLayout>
    );
  }
  if (thread.isError) {
    const missing = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <ContentLayout heading={CONVERSATION_MESSAGES.pageTitle}>
        <div className="mt-4">
          <BackLink />
        </div>
        {missing ? (
          <p role="status" className="mt-6 text-stone-700">
            {CONVERSATION_MESSAGES.notFound}
          </p>
        ) : (
          <ListError
            className="mt-6"
            error={thread.error}
            message={CONVERSATION_MESSAGES.loadFailed}
            onRetry={() => void thread.refetch()}
            retrying={thread.isFetching}
          />
        )}
      </ContentLayout>
    );
  }

  const { conversation, messages } = thread.data;
  const isAdmin = user.role === 'admin';
  const canReply = conversation.role !== 'admin' && user.role !== 'fraud';
  const heading =
    conversation.role === 'admin'
      ? `${conversation.buyerName} and ${conversation.agentName}`
      : otherPartyOf(conversation);
  return (
    <ContentLayout heading={heading}>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <BackLink />
        <p className="text-sm text-stone-700">
          About{' '}
          {conversation.propertyId ? (
            <Link
              to={propertyDetailsPath(conversation.propertyId)}
              className="font-semibold text-teal-800 underline underline-offset-2"
            >
              {conversation.propertyTitle}
            </Link>
          ) : (
            <span className="font-semibold">{conversation.propertyTitle}</span>
          )}
        </p>
      </div>
      <ol role="log" aria-label="Messages" className="mt-6 space-y-3">
        {messages.map((message) => (
          <MessageItem
            key={message._id}
            message={message}
            conversation={conversation}
            onRemove={isAdmin ? setRemoving : undefined}
          />
        ))}
      </ol>
      {canReply && (
        <MessageForm
          className="mt-8 border-t border-stone-200 pt-6"
          label={CONVERSATION_MESSAGES.replyLabel}
          rows={4}
          send={(body) => sendReply.mutateAsync({ conversationId: conversation._id, body })}
        />
      )}
      <RemoveMessageDialog message={removing} onClose={() => setRemoving(null)} />
    </ContentLayout>
  );
}
