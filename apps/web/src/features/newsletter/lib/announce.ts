import type { MessageResponse } from '@keyhaven/shared';
import { MESSAGES } from '@keyhaven/shared/texts';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const { newsletter } = MESSAGES;

/*
 * How every newsletter form reports the outcome. Passed to each `mutate` call
 * rather than built into `useSubscribe`: that way the bundler keeps the footer's share of the first
 * download as small as it was.
 */

/** 'Subscribed!' with the server's message, or 'You have successfully subscribed'. */
export const announceSubscribed = ({ message }: MessageResponse) =>
  toast.success(newsletter.successTitle, { description: message || newsletter.success });

/** 'Oops...' with the server's error, or 'Something went wrong. Try again.'. */
export const announceSubscribeFailed = (error: unknown) =>
  toast.error(newsletter.failureTitle, { description: errorMessage(error, newsletter.failure) });
