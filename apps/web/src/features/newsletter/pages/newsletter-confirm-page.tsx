import { NEWSLETTER_MESSAGES } from '@keyhaven/shared/texts';
import { MailedLinkPage } from '@/components/layouts/mailed-link-page';
import { ApiError } from '@/lib/api-client';
import { useConfirmSubscription } from '../api/confirm-subscription';

const TEXTS = {
  heading: NEWSLETTER_MESSAGES.confirmTitle,
  prompt: NEWSLETTER_MESSAGES.confirmPrompt,
  action: NEWSLETTER_MESSAGES.confirmAction,
  pending: NEWSLETTER_MESSAGES.confirming,
  done: NEWSLETTER_MESSAGES.confirmed,
  invalid: NEWSLETTER_MESSAGES.confirmInvalid,
  failed: NEWSLETTER_MESSAGES.confirmFailed,
} as const;

/** The server refuses a link it never sent, one already used or one too old. */
const isInvalidLink = (error: unknown) => error instanceof ApiError && error.status === 400;

/** Where the newsletter's confirmation link leads: until it is followed, nothing else is sent. */
export function NewsletterConfirmPage() {
  return (
    <MailedLinkPage
      texts={TEXTS}
      mutation={useConfirmSubscription()}
      isInvalidLink={isInvalidLink}
    />
  );
}
