import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useId } from 'react';
import { ListResult } from '@/components/list-states';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageCountOf, useKeepPageInRange } from '@/hooks/use-page-param';
import type { Page } from '@/lib/api-client';

/** What a paged list is: its heading, its items' name, its page size and what it says meanwhile. */
export type PagedListSpec = {
  /** The list's own heading, under the page's. */
  title: string;
  /** What the items are called in the count over the list: `['review', 'reviews']`. */
  noun: readonly [one: string, many: string];
  pageSize: number;
  /** Names the pagination landmark: 'Review pages'. */
  pagesLabel: string;
  loadingLabel: string;
  /** What the failure says when the server was reached: 'We couldn't load the users...'. */
  failure: string;
};

type PagedListProps<T> = {
  list: PagedListSpec;
  /** The current page of the list, as loaded. */
  query: UseQueryResult<Page<T>>;
  /** The page, 1-based, and how to move to another (`usePageParam`). */
  paging: {
    page: number;
    goToPage: (page: number, options?: { replace?: boolean }) => void;
  };
  /** What an empty list shows (a `ListEmpty`). */
  empty: ReactNode;
  /** The heading's id, when something outside the list is named by it too. */
  titleId?: string;
  /** Focus lands on the heading through this once a deleted row is gone. */
  titleRef?: RefObject<HTMLHeadingElement | null>;
  /** The loaded items, as a table, cards or both, named by the heading `titleId`. */
  children: (items: T[], titleId: string) => ReactNode;
};

/**
 * A dashboard list the server pages: its heading and count, then the loading, failed, empty or
 * loaded list, then Previous and Next. The page lives in the address; one past the end (its last
 * item deleted, an old link) moves to the last page.
 */
export function PagedList<T>({
  list: {
    title,
    noun: [one, many],
    pageSize,
    pagesLabel,
    loadingLabel,
    failure,
  },
  query,
  paging: { page, goToPage: onPageChange },
  empty,
  titleId: givenTitleId,
  titleRef,
  children,
}: PagedListProps<T>) {
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const total = query.data?.total ?? 0;
  const pageCount = pageCountOf(total, pageSize);
  useKeepPageInRange(
    page,
    query.isSuccess && !query.isPlaceholderData ? pageCount : undefined,
    onPageChange,
  );

  return (
    <>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id={titleId}
          ref={titleRef}
          tabIndex={-1}
          className="text-lg font-semibold text-stone-800 outline-none"
        >
          {title}
        </h2>
        {query.isSuccess && total > 0 && (
          <p className="text-sm text-stone-700">
            {total} {total === 1 ? one : many}
          </p>
        )}
      </div>

      <ListResult
        query={query}
        loading={<Spinner label={loadingLabel} className="py-16" />}
        failure={failure}
        errorClassName="mt-6"
        empty={page <= pageCount && <div className="mt-6">{empty}</div>}
      >
        {(items) => <div aria-busy={query.isFetching}>{children(items, titleId)}</div>}
      </ListResult>

      <Pagination
        label={pagesLabel}
        page={Math.min(page, pageCount)}
        pageCount={pageCount}
        onPageChange={onPageChange}
        className="mt-6"
      />
    </>
  );
}
