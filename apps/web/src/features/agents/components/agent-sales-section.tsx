import { AGENT_MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useAgentSales } from '../api/get-agent-sales';
import { AgentPagedSection } from './agent-paged-section';

/** Sold homes a page; the server renders the first page with the profile. */
export const AGENT_SALES_PAGE_SIZE = 10;

/** The homes the agent sold: title, place and date, ten at a time. */
export function AgentSalesSection({ agentId }: { agentId: string }) {
  const [page, setPage] = useState(1);
  return (
    <AgentPagedSection
      title="Sold homes"
      query={useAgentSales(agentId, page, AGENT_SALES_PAGE_SIZE)}
      page={page}
      onPageChange={setPage}
      pageSize={AGENT_SALES_PAGE_SIZE}
      pagesLabel="Pages of sold homes"
      loading={<Spinner label="Loading sold homes" className="py-8" />}
      empty={AGENT_MESSAGES.noSales}
    >
      {(items) => (
        <ul className="divide-y divide-sand rounded-2xl border border-sand bg-white">
          {items.map((sale) => (
            <li key={sale.propertyId} className="flex flex-wrap justify-between gap-2 px-5 py-3">
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
    </AgentPagedSection>
  );
}
