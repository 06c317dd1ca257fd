import { ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { CONVERSATION_MESSAGES, messageLengthLabel } from '@keyhaven/shared/texts';
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { TextareaField } from '@/components/form/fields';
import { FormActions, SubmitButton } from '@/components/form/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

type MessageFormProps = {
  label: string;
  /** Sends the trimmed text; rejects with the server's refusal. */
  send: (body: string) => Promise<unknown>;
  /** After a message was sent; the box is emptied. */
  onSent?: () => void;
  rows?: number;
  /** Next to Send (a Cancel in a dialog). */
  secondaryAction?: ReactNode;
  className?: string;
};

/** What is wrong with a message before it is sent, in the server's words. */
function problemWith(text: string) {
  const length = text.trim().length;
  if (length === 0) return CONVERSATION_MESSAGES.bodyRequired;
  if (length > ENGAGEMENT_LIMITS.messageMaxLength) return CONVERSATION_MESSAGES.bodyTooLong;
  return undefined;
}

/**
 * A message box: its label, the characters used of 2,000, the reason by the field when the
 * message cannot be sent, and Send (Sending... while it goes). Ctrl+Enter or Cmd+Enter sends too.
 */
export function MessageForm({
  label,
  send,
  onSent,
  rows = 5,
  secondaryAction,
  className,
}: MessageFormProps) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (pending) return;
    const problem = problemWith(text);
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    setPending(true);
    try {
      await send(text.trim());
      setText('');
      onSent?.();
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.body : undefined;
      if (fieldMessage) setFieldError(fieldMessage);
      else setFailure(errorMessage(error, CONVERSATION_MESSAGES.failed));
    } finally {
      setPending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  }

  return (
    // Not performed without the app yet: before it starts its submit is held for it
    // (`data-app-form`); without JavaScript the page answers the post saying so.
    <AppForm appOnly onSubmit={submit} className={cn('space-y-3', className)} aria-busy={pending}>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextareaField
        label={label}
        counter={messageLengthLabel}
        error={fieldError}
        name="body"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (fieldError) setFieldError(undefined);
        }}
        onKeyDown={onKeyDown}
        maxLength={ENGAGEMENT_LIMITS.messageMaxLength}
        rows={rows}
        disabled={pending}
      />
      <FormActions>
        {secondaryAction}
        <SubmitButton busy={pending} busyLabel={CONVERSATION_MESSAGES.sending}>
          {CONVERSATION_MESSAGES.send}
        </SubmitButton>
      </FormActions>
    </AppForm>
  );
}
