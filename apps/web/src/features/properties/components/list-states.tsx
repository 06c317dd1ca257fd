import { MESSAGES } from '@keyhaven/shared';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A list that failed to load, with Retry (spec section 8). */
export function ListError({
  onRetry,
  retrying,
  message = MESSAGES.search.error,
}: {
  onRetry: () => void;
  retrying?: boolean;
  message?: string;
}) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900"
    >
      <p>{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry} disabled={retrying}>
        Retry
      </Button>
    </div>
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
