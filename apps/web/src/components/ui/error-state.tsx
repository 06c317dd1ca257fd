import { MESSAGES } from '@keyhaven/shared/texts';
import { failureMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from './button';

type ErrorStateProps = {
  /** The failure: it decides whether the connection is blamed (only when the server was not reached). */
  error: unknown;
  /** What went wrong when the server was reached but failed. */
  message: string;
  /** The first line; the catalogue's 'Oops! Something Went Wrong' unless the page says more. */
  title?: string;
  onRetry: () => void;
  retrying?: boolean;
  retryLabel?: string;
  /**
   * A part of a page that has its own heading (a list): a box in the flow. Otherwise the failure
   * is the whole page and its title the page's heading.
   */
  inline?: boolean;
  className?: string;
};

/** A failed load, saying why in the person's terms, with a way to try again. */
export function ErrorState({
  error,
  message,
  title = MESSAGES.genericError.title,
  onRetry,
  retrying = false,
  retryLabel = MESSAGES.genericError.retry,
  inline = false,
  className,
}: ErrorStateProps) {
  const text = failureMessage(error, message);
  const retry = (
    <Button
      variant={inline ? 'secondary' : 'primary'}
      className={inline ? 'mt-4' : 'mt-6'}
      onClick={onRetry}
      disabled={retrying}
    >
      {retryLabel}
    </Button>
  );
  if (inline) {
    return (
      <div
        role="alert"
        className={cn(
          'rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900',
          className,
        )}
      >
        <p className="font-semibold">{title}</p>
        <p className="mt-1">{text}</p>
        {retry}
      </div>
    );
  }
  return (
    <div role="alert" className={cn('mx-auto max-w-md px-4 py-24 text-center', className)}>
      <h1 className="text-2xl font-bold text-teal-900">{title}</h1>
      <p className="mt-3 text-stone-700">{text}</p>
      {retry}
    </div>
  );
}
