import type { UseQueryResult } from '@tanstack/react-query';
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

type ListResultProps<T> = {
  /** The list as loaded: its items, or why it is not there yet. */
  query: UseQueryResult<{ items: T[] }>;
  /** What shows while the list loads: a spinner or skeleton cards. */
  loading: ReactNode;
  /** What the failure says when the server was reached: 'We couldn't load your properties...'. */
  failure: string;
  errorClassName?: string;
  /** What an empty list shows (a `ListEmpty`). */
  empty: ReactNode;
  /** The loaded items. */
  children: (items: T[]) => ReactNode;
};

/** One of a list's four states: loading, failed (with Retry), empty, or its items. */
export function ListResult<T>({
  query,
  loading,
  failure,
  errorClassName,
  empty,
  children,
}: ListResultProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <ListError
        className={errorClassName}
        error={query.error}
        message={failure}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return query.data.items.length === 0 ? empty : children(query.data.items);
}
