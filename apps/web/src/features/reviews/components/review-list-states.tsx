import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { REVIEW_TEXTS } from '../types';

/** A review list that failed to load, with a way to try again. */
export function ReviewsError({
  error,
  onRetry,
  retrying = false,
  className = '',
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`rounded-2xl border border-red-200 bg-red-50 p-6 text-center ${className}`}
    >
      <p className="font-semibold text-red-800">{REVIEW_TEXTS.loadFailed}</p>
      <p className="mt-1 text-sm text-red-800">
        {errorMessage(error, REVIEW_TEXTS.loadFailedHint)}
      </p>
      <Button variant="secondary" className="mt-4" onClick={onRetry} disabled={retrying}>
        Try Again
      </Button>
    </div>
  );
}

/** An empty review list: 'No reviews found', and what to do next. */
export function ReviewsEmpty({ hint, className = '' }: { hint?: string; className?: string }) {
  return (
    <div
      className={`rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center ${className}`}
    >
      <p role="status" className="font-semibold text-stone-800">
        No reviews found
      </p>
      {hint && <p className="mt-1 text-stone-700">{hint}</p>}
    </div>
  );
}
