import { AGENT_MESSAGES } from '@keyhaven/shared/texts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { ListEmpty, ListResult } from '@/components/list-states';
import { Pagination } from '@/components/ui/pagination';
import { pageCountOf } from '@/hooks/use-page-param';
import type { Page } from '@/lib/api-client';

type AgentPagedSectionProps<T> = {
  /** The section's heading, followed by the count once known: 'Homes for sale (4)'. */
  title: string;
  query: UseQueryResult<Page<T>>;
  page: number;
  onPageChange: (page: number) => void;
  pageSize: number;
  /** Names the pagination landmark: 'Pages of sold homes'. */
  pagesLabel: string;
  loading: ReactNode;
  /** What an empty list says. */
  empty: string;
  /** Between the heading and the list: the map of the homes, say. */
  lead?: ReactNode;
  children: (items: T[]) => ReactNode;
};

/** One of the lists on an agent's profile: a heading with the count, the list, its pages. */
export function AgentPagedSection<T>({
  title,
  query,
  page,
  onPageChange,
  pageSize,
  pagesLabel,
  loading,
  empty,
  lead,
  children,
}: AgentPagedSectionProps<T>) {
  const headingId = useId();
  const total = query.data?.total ?? 0;
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl font-bold text-teal-900">
        {title}
        {query.isSuccess && total > 0 ? ` (${total})` : ''}
      </h2>
      {lead}
      <div className="mt-6" aria-busy={query.isFetching}>
        <ListResult
          query={query}
          loading={loading}
          failure={AGENT_MESSAGES.profileFailed}
          empty={<ListEmpty>{empty}</ListEmpty>}
        >
          {children}
        </ListResult>
      </div>
      <Pagination
        label={pagesLabel}
        page={page}
        pageCount={pageCountOf(total, pageSize)}
        onPageChange={onPageChange}
        className="mt-6"
      />
    </section>
  );
}
