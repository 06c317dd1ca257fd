import { Button } from './button';

type PaginationProps = {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a page has more than one list. */
  label?: string;
  className?: string;
};

/** Previous and Next around "Page x of y"; renders nothing when everything fits on one page. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
  className,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={className}>
      <div className="flex items-center justify-center gap-3">
        <Button
          variant="secondary"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <span aria-hidden="true">←</span> Previous
        </Button>
        <p aria-live="polite" className="min-w-28 text-center text-sm font-medium text-stone-800">
          Page {page} of {pageCount}
        </p>
        <Button
          variant="secondary"
          aria-label="Next page"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          Next <span aria-hidden="true">→</span>
        </Button>
      </div>
    </nav>
  );
}
