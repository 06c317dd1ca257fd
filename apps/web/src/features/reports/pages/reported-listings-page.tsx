import { BUSINESS_LIMITS, type ReportDecision } from '@keyhaven/shared/constants';
import { useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { PagedList, type PagedListSpec } from '@/components/paged-list';
import { usePageParam } from '@/hooks/use-page-param';
import { useReportQueue } from '../api/get-report-queue';
import { DecisionDialog, type PendingDecision } from '../components/decision-dialog';
import { ReportedListingCard } from '../components/reported-listing-card';
import { QUEUE_TEXT } from '../queue-texts';
import type { ReportedListing } from '../types';

const QUEUE_LIST: PagedListSpec = {
  title: QUEUE_TEXT.listTitle,
  noun: ['reported listing', 'reported listings'],
  pageSize: BUSINESS_LIMITS.reportQueuePageSize,
  pagesLabel: QUEUE_TEXT.pages,
  loadingLabel: QUEUE_TEXT.loading,
  failure: QUEUE_TEXT.failure,
};

/**
 * The admins' queue of reported listings, most reported first as the server orders them: each
 * listing with its agent and reports, and one decision per listing behind a confirmation.
 */
export function ReportedListingsPage() {
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const paging = usePageParam();
  const queue = useReportQueue(paging.page, QUEUE_LIST.pageSize);

  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLElement | null>(null);

  function onDecide(decision: ReportDecision, item: ReportedListing, opener: HTMLElement) {
    openerRef.current = opener;
    setPending({ decision, item });
    setOpen(true);
  }

  /**
   * Focus goes back to the button that opened the dialog; once the decision took the listing out
   * of the queue, that button is gone, so to the list's heading.
   */
  function onCloseAutoFocus(event: Event) {
    event.preventDefault();
    const opener = openerRef.current;
    (opener?.isConnected ? opener : listHeadingRef.current)?.focus();
  }

  return (
    <ContentLayout heading={QUEUE_TEXT.heading}>
      <p className="mt-3 max-w-3xl text-stone-700">{QUEUE_TEXT.intro}</p>
      <PagedList
        list={QUEUE_LIST}
        query={queue}
        paging={paging}
        titleRef={listHeadingRef}
        empty={<ListEmpty title={QUEUE_TEXT.empty}>{QUEUE_TEXT.emptyDetail}</ListEmpty>}
      >
        {(items, titleId) => (
          <ul aria-labelledby={titleId} className="mt-4 space-y-6">
            {items.map((item) => (
              <li key={item.property._id}>
                <ReportedListingCard item={item} onDecide={onDecide} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>

      <DecisionDialog
        pending={pending}
        open={open}
        onOpenChange={setOpen}
        onDecided={() => {
          // The listing leaves the queue with the refresh; focus falls back to the heading.
          openerRef.current = null;
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </ContentLayout>
  );
}
