import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { InlineSpinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/api-client';

export interface MailedLinkTexts {
  heading: string;
  prompt: string;
  action: string;
  pending: string;
  done: string;
  invalid: string;
  failed: string;
}

/**
 * A page an e-mail's link opens to do one thing with the token it carries (unsubscribe, confirm
 * a subscription). Nothing happens until the person presses the button: mail scanners open every
 * link in a message, and must not act for anyone. A link without a token, or one the server
 * refuses (`isInvalidLink`), is said to be invalid.
 */
export function MailedLinkPage({
  texts,
  mutation,
  isInvalidLink,
}: {
  texts: MailedLinkTexts;
  mutation: UseMutationResult<unknown, Error, string>;
  isInvalidLink: (error: unknown) => boolean;
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const outcomeRef = useRef<HTMLDivElement>(null);

  const invalid = token === '' || isInvalidLink(mutation.error);
  const done = mutation.isSuccess;

  // The button is gone once it is answered: focus moves to the answer.
  useEffect(() => {
    if (done || (invalid && mutation.isError)) outcomeRef.current?.focus();
  }, [done, invalid, mutation.isError]);

  let content: ReactNode;
  if (done) {
    content = (
      <Notice tone="success" role="status">
        {texts.done}
      </Notice>
    );
  } else if (invalid) {
    content = (
      <Notice tone="error" role="alert">
        {texts.invalid}
      </Notice>
    );
  } else {
    content = (
      <>
        <p className="text-stone-800">{texts.prompt}</p>
        {mutation.isError && (
          <Notice tone="error" role="alert" className="mt-4">
            {failureMessage(mutation.error, texts.failed)}
          </Notice>
        )}
        <Button
          className="mt-6 w-full sm:w-auto"
          aria-disabled={mutation.isPending}
          onClick={() => {
            if (!mutation.isPending) mutation.mutate(token);
          }}
        >
          {mutation.isPending && <InlineSpinner />}
          {mutation.isPending ? texts.pending : texts.action}
        </Button>
      </>
    );
  }

  return (
    <ContentLayout heading={texts.heading}>
      <div ref={outcomeRef} tabIndex={-1} className="mt-6 max-w-xl outline-none">
        {content}
      </div>
    </ContentLayout>
  );
}
