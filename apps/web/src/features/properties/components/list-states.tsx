import { MESSAGES } from '@keyhaven/shared';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';

/**
 * A list of properties that failed to load (spec section 8): 'Oops! Something Went Wrong', then
 * why (the connection only when the server was never reached), with Retry.
 */
export function ListError({
  error,
  onRetry,
  retrying,
  message = MESSAGES.search.error,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  message?: string;
}) {
  return (
    <ErrorState
      inline
      error={error}
      message={message}
      onRetry={onRetry}
      retrying={retrying}
      retryLabel="Retry"
    />
  );
}

/** A list with nothing in it, and what to do next. */
export function ListEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center">
      <p role="status" className="text-stone-700">
        {children}
      </p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
