import { NOTIFICATION_MESSAGES } from '@keyhaven/shared/texts';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { InlineSpinner } from '@/components/ui/spinner';
import { ApiError, failureMessage } from '@/lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

const TEXT = {
  prompt: 'Stop receiving the e-mails this link came with?',
  unsubscribe: 'Unsubscribe',
  unsubscribing: 'Unsubscribing...',
  failed: 'We could not unsubscribe you just now. Please try again.',
} as const;

/** The server refuses a token it did not sign (or one cut short): the link itself is bad. */
const isInvalidLink = (error: unknown) =>
  error instanceof ApiError && [400, 404, 410].includes(error.status);

/**
 * Where an e-mail's unsubscribe link leads. Nothing happens until the person presses
 * Unsubscribe: mail scanners open every link in a message, and must not unsubscribe anyone.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const outcomeRef = useRef<HTMLDivElement>(null);

  const invalid = token === '' || isInvalidLink(unsubscribe.error);
  const done = unsubscribe.isSuccess;

  // The button is gone once it is answered: focus moves to the answer.
  useEffect(() => {
    if (done || (invalid && unsubscribe.isError)) outcomeRef.current?.focus();
  }, [done, invalid, unsubscribe.isError]);

  let content: ReactNode;
  if (done) {
    content = (
      <Notice tone="success" role="status">
        {NOTIFICATION_MESSAGES.unsubscribed}
      </Notice>
    );
  } else if (invalid) {
    content = (
      <Notice tone="error" role="alert">
        {NOTIFICATION_MESSAGES.unsubscribeInvalid}
      </Notice>
    );
  } else {
    content = (
      <>
        <p className="text-stone-800">{TEXT.prompt}</p>
        {unsubscribe.isError && (
          <Notice tone="error" role="alert" className="mt-4">
            {failureMessage(unsubscribe.error, TEXT.failed)}
          </Notice>
        )}
        <Button
          className="mt-6 w-full sm:w-auto"
          aria-disabled={unsubscribe.isPending}
          onClick={() => {
            if (!unsubscribe.isPending) unsubscribe.mutate(token);
          }}
        >
          {unsubscribe.isPending && <InlineSpinner />}
          {unsubscribe.isPending ? TEXT.unsubscribing : TEXT.unsubscribe}
        </Button>
      </>
    );
  }

  return (
    <ContentLayout heading="Unsubscribe">
      <div ref={outcomeRef} tabIndex={-1} className="mt-6 max-w-xl outline-none">
        {content}
      </div>
    </ContentLayout>
  );
}
