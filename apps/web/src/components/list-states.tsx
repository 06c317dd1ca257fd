import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { cn } from '@/lib/cn';

/**
 * A list that failed to load: 'Oops! Something Went Wrong', then why (the connection only when
 * the server was never reached, else `message`), with Retry.
 */
export function ListError({
  error,
  onRetry,
  retrying,
  message,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  /** What failed, when the server was reached: 'We couldn't load your offers. Please try again.' */
  message: string;
  className?: string;
}) {
  return (
    <ErrorState
      inline
      error={error}
      message={message}
      onRetry={onRetry}
      retrying={retrying}
      retryLabel="Retry"
      className={className}
    />
  );
}

/** A list with nothing in it: what is missing (`title`), what to know, and what to do next. */
export function ListEmpty({
  title,
  children,
  action,
  className,
}: {
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center',
        className,
      )}
    >
      {title ? (
        <>
          <p role="status" className="text-lg font-semibold text-stone-900">
            {title}
          </p>
          {children && <p className="mt-2 text-stone-700">{children}</p>}
        </>
      ) : (
        <p role="status" className="text-stone-700">
          {children}
        </p>
      )}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
