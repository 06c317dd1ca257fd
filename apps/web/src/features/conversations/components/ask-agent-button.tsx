import { CONVERSATION_MESSAGES } from '@keyhaven/shared/texts';
import { useRef, useState } from 'react';
import { generatePath, Link, useLocation } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { CloseIcon } from '@/components/ui/icons';
import { useSession } from '@/hooks/use-session';
import type { Property } from '@/lib/listing';
import { type LoginRedirectState, paths } from '@/lib/paths';
import { useAskAgent } from '../api/send-message';
import { MessageForm } from './message-form';

type AskAgentButtonProps = {
  property: Pick<Property, '_id' | 'title' | 'creatorUID' | 'agentName' | 'adminApproval'>;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const conversationPath = (id: string) => generatePath(paths.dashboard.conversation, { id });

/**
 * "Ask the agent a question" on a listing's page: a dialog with the message box; once sent, a
 * link to the conversation. Signed-out visitors get a link to log in and come back; the
 * listing's own agent, fraud accounts (who cannot send), and listings not approved get nothing.
 */
export function AskAgentButton({ property, size = 'md', className }: AskAgentButtonProps) {
  const { data: session } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const askAgent = useAskAgent();
  const user = session?.user;

  if (!user) {
    const state: LoginRedirectState = { from: location };
    return (
      <Link
        to={paths.login}
        state={state}
        className={buttonStyles({ size, variant: 'secondary', className })}
      >
        {CONVERSATION_MESSAGES.signInToAsk}
      </Link>
    );
  }
  // Only an approved listing takes questions (an admin also sees those waiting for review).
  const mayAsk =
    property.adminApproval === 'true' && user.uid !== property.creatorUID && user.role !== 'fraud';
  if (!mayAsk) return null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setSentTo(null);
  };

  return (
    <>
      <Button
        ref={opener}
        size={size}
        variant="secondary"
        className={className}
        onClick={() => onOpenChange(true)}
      >
        {CONVERSATION_MESSAGES.ask}
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <DialogTitle className="pr-10">{CONVERSATION_MESSAGES.askTitle}</DialogTitle>
          <DialogDescription className="mt-1 text-sm">
            Your question about {property.title} goes to {property.agentName}, who answers on your
            Messages page.
          </DialogDescription>
          {sentTo ? (
            <div className="mt-5 space-y-4">
              <p role="status" className="font-semibold text-teal-900">
                {CONVERSATION_MESSAGES.sent}
              </p>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button variant="secondary">Close</Button>
                </DialogClose>
                <Link to={conversationPath(sentTo)} className={buttonStyles({})}>
                  {CONVERSATION_MESSAGES.open}
                </Link>
              </div>
            </div>
          ) : (
            <MessageForm
              className="mt-5"
              label={CONVERSATION_MESSAGES.messageLabel}
              send={async (body) => {
                const { conversationId } = await askAgent.mutateAsync({
                  propertyId: property._id,
                  body,
                });
                setSentTo(conversationId);
              }}
              secondaryAction={
                <DialogClose asChild>
                  <Button variant="secondary">Cancel</Button>
                </DialogClose>
              }
            />
          )}
          <DialogClose
            aria-label="Close"
            className="absolute top-4 right-4 inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            <CloseIcon className="size-5" />
          </DialogClose>
        </DialogContent>
      </Dialog>
    </>
  );
}
