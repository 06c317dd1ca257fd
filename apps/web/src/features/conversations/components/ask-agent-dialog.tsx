import { CONVERSATION_MESSAGES } from '@keyhaven/shared/texts';
import { generatePath, Link } from 'react-router';
import { DialogCancel } from '@/components/form/submit-button';
import { buttonStyles } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogCornerClose,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Property } from '@/lib/listing';
import { paths } from '@/lib/paths';
import { useAskAgent } from '../api/send-message';
import { MessageForm } from './message-form';

const conversationPath = (id: string) => generatePath(paths.dashboard.conversation, { id });

export type AskAgentDialogProps = {
  property: Pick<Property, '_id' | 'title' | 'agentName'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The conversation the question started, once it is sent. */
  sentTo: string | null;
  onSent: (conversationId: string) => void;
  /** Where focus goes as the dialog closes: back to the button that opened it. */
  onCloseAutoFocus: (event: Event) => void;
};

/** The message box for a question to the listing's agent; once sent, a link to the conversation. */
export function AskAgentDialog({
  property,
  open,
  onOpenChange,
  sentTo,
  onSent,
  onCloseAutoFocus,
}: AskAgentDialogProps) {
  const askAgent = useAskAgent();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={onCloseAutoFocus}
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
              <DialogCancel>Close</DialogCancel>
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
              onSent(conversationId);
            }}
            secondaryAction={<DialogCancel />}
          />
        )}
        <DialogCornerClose />
      </DialogContent>
    </Dialog>
  );
}

export default AskAgentDialog;
