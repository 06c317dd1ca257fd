import { AGENT_MESSAGES } from '@keyhaven/shared/texts';
import { useId, useState } from 'react';
import { ListEmpty, ListResult } from '@/components/list-states';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageCountOf } from '@/hooks/use-page-param';
import { formatDate } from '@/lib/format';
import { useAgentSales } from '../api/get-agent-sales';

const PAGE_SIZE = 10;

/** The homes the agent sold: title, place and date, ten at a time. */
export function AgentSalesSection({ agentId }: { agentId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const sales = useAgentSales(agentId, page, PAGE_SIZE);
  const total = sales.data?.total ?? 0;
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl font-bold text-teal-900">
        Sold homes{sales.isSuccess && total > 0 ? ` (${total})` : ''}
      </h2>
      <div className="mt-4" aria-busy={sales.isFetching}>
        <ListResult
          query={sales}
          loading={<Spinner label="Loading sold homes" className="py-8" />}
          failure={AGENT_MESSAGES.profileFailed}
          empty={<ListEmpty>{AGENT_MESSAGES.noSales}</ListEmpty>}
        >
          {(items) => (
            <ul className="divide-y divide-sand rounded-2xl border border-sand bg-white">
              {items.map((sale) => (
                <li
                  key={sale.propertyId}
                  className="flex flex-wrap justify-between gap-2 px-5 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-stone-900">{sale.title}</p>
                    <p className="text-sm text-stone-700">{sale.location}</p>
                  </div>
                  <p className="text-sm text-stone-700">
                    Sold <time dateTime={sale.soldAt}>{formatDate(sale.soldAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </ListResult>
      </div>
      <Pagination
        label="Pages of sold homes"
        page={page}
        pageCount={pageCountOf(total, PAGE_SIZE)}
        onPageChange={setPage}
        className="mt-6"
      />
    </section>
  );
}
