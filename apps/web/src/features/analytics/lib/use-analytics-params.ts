import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  LISTING_ANALYTICS_SORTS,
  type ListingAnalyticsSort,
} from '@keyhaven/shared/constants';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { KEEP_SCROLL } from '@/lib/keep-scroll';

export type SortOrder = 'asc' | 'desc';

const DEFAULT_PERIOD: AnalyticsPeriod = 30;
const DEFAULT_SORT: ListingAnalyticsSort = 'views';

/** Text sorts A to Z first; figures biggest first, which is what an agent looks for. */
export const firstOrderOf = (sort: ListingAnalyticsSort): SortOrder =>
  sort === 'title' ? 'asc' : 'desc';

const oneOf = <T extends string | number>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The page's choices in its address (`?period=90&sort=offers&order=asc&page=2`), so Back, a
 * reload or a shared link shows the same figures. A new sort or period starts the table at its
 * first page; an unknown value falls back to the default.
 */
export function useAnalyticsParams() {
  const [params, setParams] = useSearchParams();
  const period = oneOf(ANALYTICS_PERIODS, Number(params.get('period')), DEFAULT_PERIOD);
  const sort = oneOf(LISTING_ANALYTICS_SORTS, params.get('sort'), DEFAULT_SORT);
  const order = oneOf<SortOrder>(['asc', 'desc'], params.get('order'), firstOrderOf(sort));
  const pageAsked = Number(params.get('page'));
  const page = Number.isInteger(pageAsked) && pageAsked >= 1 ? pageAsked : 1;

  const update = useCallback(
    (change: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { state: KEEP_SCROLL, replace },
      ),
    [setParams],
  );

  const goToPage = useCallback(
    (next: number, { replace = false } = {}) =>
      update({ page: next <= 1 ? null : String(next) }, replace),
    [update],
  );

  /** Sorts by `column`: the other way round when it already is, else its usual way first. */
  const sortBy = useCallback(
    (column: ListingAnalyticsSort) => {
      const nextOrder = column === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrderOf(column);
      update({ sort: column, order: nextOrder, page: null });
    },
    [sort, order, update],
  );

  return { period, sort, order, page, goToPage, sortBy };
}
