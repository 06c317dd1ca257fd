import { CONVERSATION_MESSAGES } from '@keyhaven/shared/texts';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { useSession } from '@/hooks/use-session';
import type { Property } from '@/lib/listing';
import { type LoginRedirectState, loginPathFor } from '@/lib/paths';

// The dialog and its message box come down the first time a buyer is about to ask, not with the
// listing's page, which then asks for fewer files before it can be taken over.
const loadDialog = () => import('./ask-agent-dialog');
const AskAgentDialog = lazy(loadDialog);
const preloadDialog = () => {
  void loadDialog();
};

type AskAgentButtonProps = {
  property: Pick<Property, '_id' | 'title' | 'creatorUID' | 'agentName' | 'adminApproval'>;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/**
 * "Ask the agent a question" on a listing's page: a dialog with the message box; once sent, a
 * link to the conversation. Signed-out visitors get a link to log in and come back; the
 * listing's own agent, fraud accounts (who cannot send), and listings not approved get nothing.
 */
export function AskAgentButton({ property, size = 'md', className }: AskAgentButtonProps) {
  const { data: session } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Opened once, the dialog stays mounted so it can hand focus back as it closes.
  const [wanted, setWanted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const user = session?.user;

  if (!user) {
    const state: LoginRedirectState = { from: location };
    return (
      <Link
        to={loginPathFor(location)}
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
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setWanted(true);
          onOpenChange(true);
        }}
      >
        {CONVERSATION_MESSAGES.ask}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <AskAgentDialog
            property={property}
            open={open}
            onOpenChange={onOpenChange}
            sentTo={sentTo}
            onSent={setSentTo}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
