import { NOTIFICATION_MESSAGES } from '@keyhaven/shared/texts';
import { MailedLinkPage } from '@/components/layouts/mailed-link-page';
import { ApiError } from '@/lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

const TEXTS = {
  heading: 'Unsubscribe',
  prompt: 'Stop receiving the e-mails this link came with?',
  action: 'Unsubscribe',
  pending: 'Unsubscribing...',
  done: NOTIFICATION_MESSAGES.unsubscribed,
  invalid: NOTIFICATION_MESSAGES.unsubscribeInvalid,
  failed: 'We could not unsubscribe you just now. Please try again.',
} as const;

/** The server refuses a token it did not sign (or one cut short): the link itself is bad. */
const isInvalidLink = (error: unknown) =>
  error instanceof ApiError && [400, 404, 410].includes(error.status);

/** Where an e-mail's unsubscribe link leads. */
export function UnsubscribePage() {
  return <MailedLinkPage texts={TEXTS} mutation={useUnsubscribe()} isInvalidLink={isInvalidLink} />;
}
