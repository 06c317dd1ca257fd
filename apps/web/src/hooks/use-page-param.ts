import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { KEEP_SCROLL } from '@/lib/keep-scroll';

function pageFrom(value: string | null) {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The list page in the address (`?page=2`), so Back and reloads keep it; whatever else the address
 * holds (a filter, a search) stays as it is.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const goToPage = useCallback(
    (next: number, { replace = false } = {}) =>
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          if (next <= 1) changed.delete('page');
          else changed.set('page', String(next));
          return changed;
        },
        { state: KEEP_SCROLL, replace },
      ),
    [setParams],
  );
  return { page, goToPage };
}

/**
 * Once the total is known, a page past the end (the last review of the last page deleted, an old
 * link) moves to the last page.
 */
export function useKeepPageInRange(
  page: number,
  pageCount: number | undefined,
  goToPage: (page: number, options?: { replace?: boolean }) => void,
) {
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) goToPage(pageCount, { replace: true });
  }, [page, pageCount, goToPage]);
}

/** How many pages `total` items fill, at least one. */
export const pageCountOf = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));
