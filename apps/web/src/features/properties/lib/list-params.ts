import type { SearchSort } from '@keyhaven/shared';
import { SEARCH_KEYS, type SearchFilters } from './search-params';

/*
 * Sort, page and address helpers of the All Properties page. Apart from search-params.ts, which
 * the home page loads: only the listing pages need these.
 */

export const SORT_OPTIONS: Array<{ value: SearchSort; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
];

export function sortFrom(params: URLSearchParams): SearchSort {
  const sort = params.get('sort');
  return SORT_OPTIONS.find((option) => option.value === sort)?.value ?? 'newest';
}

/** A positive whole page number from the address; anything else is page 1. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** A page address for the filters, leaving out whatever is at its default. */
export function toSearchParams(
  filters: SearchFilters,
  { sort = 'newest', page = 1 }: { sort?: SearchSort; page?: number } = {},
) {
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) if (filters[key]) params.set(key, filters[key]);
  if (sort !== 'newest') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  return params;
}
