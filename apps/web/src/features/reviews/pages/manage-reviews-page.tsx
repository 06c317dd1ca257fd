import { type ListColumn, ListTable } from '@/components/list-table';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { StarRating } from '@/components/ui/star-rating';
import { usePageParam } from '@/hooks/use-page-param';
import { formatDate } from '@/lib/format';
import { useAllReviews } from '../api/get-all-reviews';
import { ReviewSubject } from '../components/review-card';
import { reviewLabel } from '../components/review-label';
import { REVIEW_PAGE_SIZE, ReviewListPage } from '../components/review-list-page';
import { REVIEW_TEXTS, type Review } from '../types';

type RowProps = { review: Review; onDelete: (review: Review) => void };

function Reviewer({ review }: { review: Review }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span aria-hidden="true">
        <Avatar name={review.reviewerName} src={review.reviewerAvatar} className="size-9 ring-0" />
      </span>
      <span className="min-w-0 font-semibold break-words text-stone-900">
        {review.reviewerName}
      </span>
    </div>
  );
}

/** The review's title and the start of its text, as plain text. */
function Excerpt({ review }: { review: Review }) {
  const title = review.title.trim();
  return (
    <div className="min-w-0">
      {title && <p className="font-semibold break-words text-stone-900">{title}</p>}
      {review.text.trim() ? (
        <p className="line-clamp-2 break-words text-stone-700">{review.text}</p>
      ) : (
        !title && <p className="text-stone-600 italic">{REVIEW_TEXTS.ratingOnly}</p>
      )}
    </div>
  );
}

function DeleteButton({ review, onDelete }: RowProps) {
  return (
    <Button
      variant="dangerOutline"
      size="sm"
      aria-label={`Delete ${review.reviewerName}’s ${reviewLabel(review)}`}
      onClick={() => onDelete(review)}
    >
      Delete
    </Button>
  );
}

const REVIEW_COLUMNS: readonly ListColumn[] = [
  { label: 'Reviewer' },
  { label: 'Listing' },
  { label: 'Rating' },
  { label: 'Review' },
  { label: 'Posted', className: 'hidden xl:table-cell' },
  { label: 'Actions', unseen: true },
];

function ReviewsTable({ reviews, onDelete, labelledBy }: ListProps) {
  return (
    <div className="mt-6 hidden overflow-x-auto rounded-2xl border border-sand bg-white shadow-sm md:block">
      <ListTable labelledBy={labelledBy} columns={REVIEW_COLUMNS}>
        {reviews.map((review) => (
          <tr key={review._id} className="align-top">
            <td className="px-4 py-3">
              <Reviewer review={review} />
            </td>
            <td className="px-4 py-3 break-words text-stone-800">
              <ReviewSubject review={review} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              <StarRating rating={review.rating} starClassName="size-4" />
            </td>
            <td className="max-w-sm px-4 py-3">
              <Excerpt review={review} />
            </td>
            <td className="hidden px-4 py-3 whitespace-nowrap text-stone-700 xl:table-cell">
              <time dateTime={review.postedAt}>{formatDate(review.postedAt)}</time>
            </td>
            <td className="px-4 py-3 text-right">
              <DeleteButton review={review} onDelete={onDelete} />
            </td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}

/** On a phone each review is a card: six columns cannot fit 375 px. */
function ReviewCards({ reviews, onDelete, labelledBy }: ListProps) {
  return (
    <ul aria-labelledby={labelledBy} className="mt-6 space-y-4 md:hidden">
      {reviews.map((review) => (
        <li key={review._id} className="rounded-2xl border border-sand bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Reviewer review={review} />
            <StarRating rating={review.rating} starClassName="size-4" />
          </div>
          <p className="mt-3 text-sm text-stone-700">
            <span className="font-semibold text-stone-800">Listing: </span>
            <ReviewSubject review={review} />
          </p>
          <div className="mt-2 text-sm">
            <Excerpt review={review} />
          </div>
          <div className="mt-4 flex items-center justify-between gap-3">
            <time dateTime={review.postedAt} className="text-sm text-stone-600">
              {formatDate(review.postedAt)}
            </time>
            <DeleteButton review={review} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}

type ListProps = { reviews: Review[]; onDelete: (review: Review) => void; labelledBy: string };

/**
 * Dashboard, Manage User Reviews (admins): every review, newest first, 10 per page; any can be
 * deleted after a confirmation. One of the table (wide screens) and the cards (phones) is
 * displayed; the other is `display: none`, out of the accessibility tree and the tab order.
 */
export function ManageReviewsPage() {
  const paging = usePageParam();
  const reviews = useAllReviews(paging.page, REVIEW_PAGE_SIZE);
  return (
    <ReviewListPage
      heading="Manage User Reviews"
      title="All reviews"
      query={reviews}
      paging={paging}
      loadingLabel="Loading reviews"
      whose={(review) => `${review.reviewerName}’s review`}
    >
      {(list, { askToDelete, labelledBy }) => (
        <>
          <ReviewsTable reviews={list} onDelete={askToDelete} labelledBy={labelledBy} />
          <ReviewCards reviews={list} onDelete={askToDelete} labelledBy={labelledBy} />
        </>
      )}
    </ReviewListPage>
  );
}
