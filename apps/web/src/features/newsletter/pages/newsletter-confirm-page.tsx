import { NEWSLETTER_MESSAGES } from '@keyhaven/shared/texts';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { InlineSpinner } from '@/components/ui/spinner';
import { ApiError, failureMessage } from '@/lib/api-client';
import { useConfirmSubscription } from '../api/confirm-subscription';

/** The server refuses a link it never sent, one already used or one too old. */
const isInvalidLink = (error: unknown) => error instanceof ApiError && error.status === 400;

/**
 * Where the newsletter's confirmation link leads. Nothing happens until the person presses the
 * button: mail scanners open every link in a message, and must not subscribe anyone.
 */
export function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirmation = useConfirmSubscription();
  const outcomeRef = useRef<HTMLDivElement>(null);

  const invalid = token === '' || isInvalidLink(confirmation.error);
  const done = confirmation.isSuccess;

  // The button is gone once it is answered: focus moves to the answer.
  useEffect(() => {
    if (done || (invalid && confirmation.isError)) outcomeRef.current?.focus();
  }, [done, invalid, confirmation.isError]);

  let content: ReactNode;
  if (done) {
    content = (
      <Notice tone="success" role="status">
        {confirmation.data.message || NEWSLETTER_MESSAGES.confirmed}
      </Notice>
    );
  } else if (invalid) {
    content = (
      <Notice tone="error" role="alert">
        {NEWSLETTER_MESSAGES.confirmInvalid}
      </Notice>
    );
  } else {
    content = (
      <>
        <p className="text-stone-800">{NEWSLETTER_MESSAGES.confirmPrompt}</p>
        {confirmation.isError && (
          <Notice tone="error" role="alert" className="mt-4">
            {failureMessage(confirmation.error, NEWSLETTER_MESSAGES.confirmFailed)}
          </Notice>
        )}
        <Button
          className="mt-6 w-full sm:w-auto"
          aria-disabled={confirmation.isPending}
          onClick={() => {
            if (!confirmation.isPending) confirmation.mutate(token);
          }}
        >
          {confirmation.isPending && <InlineSpinner />}
          {confirmation.isPending
            ? NEWSLETTER_MESSAGES.confirming
            : NEWSLETTER_MESSAGES.confirmAction}
        </Button>
      </>
    );
  }

  return (
    <ContentLayout heading={NEWSLETTER_MESSAGES.confirmTitle}>
      <div ref={outcomeRef} tabIndex={-1} className="mt-6 max-w-xl outline-none">
        {content}
      </div>
    </ContentLayout>
  );
}
