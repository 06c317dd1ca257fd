import { REVIEW_MESSAGES } from '@keyhaven/shared/texts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { PagedList } from '@/components/paged-list';
import type { Page } from '@/lib/api-client';
import { REVIEW_TEXTS, type Review } from '../types';
import { DeleteReviewDialog } from './delete-review-dialog';

/** The reviews of a dashboard page, 10 at a time. */
export const REVIEW_PAGE_SIZE = 10;

type ReviewListPageProps = {
  /** The page's heading. */
  heading: string;
  /** The list's heading under it. */
  title: string;
  query: UseQueryResult<Page<Review>>;
  /** The page in the address (`usePageParam`). */
  paging: ComponentProps<typeof PagedList>['paging'];
  loadingLabel: string;
  /** Under 'No reviews found': what would show here. */
  emptyHint?: string;
  /** Whose review it is, as the deletion's confirmation says it: 'Your review'. */
  whose: (review: Review) => string;
  /** The reviews, each with a Delete that asks `askToDelete`; `labelledBy` names the list. */
  children: (
    reviews: Review[],
    actions: { askToDelete: (review: Review) => void; labelledBy: string },
  ) => ReactNode;
};

/** A dashboard page of reviews, each deletable after a confirmation. */
export function ReviewListPage({
  heading,
  title,
  query,
  paging,
  loadingLabel,
  emptyHint,
  whose,
  children,
}: ReviewListPageProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [target, setTarget] = useState<Review | null>(null);
  const [open, setOpen] = useState(false);

  function askToDelete(review: Review) {
    setTarget(review);
    setOpen(true);
  }

  return (
    <ContentLayout heading={heading}>
      <PagedList
        list={{
          title,
          noun: ['review', 'reviews'],
          pageSize: REVIEW_PAGE_SIZE,
          pagesLabel: 'Review pages',
          loadingLabel,
          failure: REVIEW_TEXTS.loadFailed,
        }}
        query={query}
        paging={paging}
        titleRef={titleRef}
        empty={<ListEmpty title={REVIEW_MESSAGES.none}>{emptyHint}</ListEmpty>}
      >
        {(reviews, titleId) => children(reviews, { askToDelete, labelledBy: titleId })}
      </PagedList>

      <DeleteReviewDialog
        review={target}
        open={open}
        onOpenChange={setOpen}
        whose={whose}
        afterDeleteFocus={titleRef}
      />
    </ContentLayout>
  );
}
