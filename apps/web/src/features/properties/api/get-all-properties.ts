import {
  LIMITS,
  PRICE_RANGES,
  PROPERTY_TYPES,
  type PropertyType,
} from '@keyhaven/shared/constants';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZPropertyList } from '@/lib/listing';
import { propertyKeys } from '@/lib/query-keys';
import { type CatalogueQuery, type CatalogueSearch, catalogueQueryOf } from '../lib/list-params';

const PATH = '/api/all-properties';

export const CATALOGUE_PAGE_SIZE = LIMITS.defaultPageSize;

/**
 * Every approved listing, sold and pending ones included, for signed-in visitors, narrowed by the
 * filters, the map area and the outline of `query`.
 */
export const allPropertiesQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: propertyKeys.catalogue(query),
    queryFn: ({ signal }) =>
      apiPage(PATH, {
        schema: ZPropertyList,
        query: { ...query, limit: CATALOGUE_PAGE_SIZE },
        signal,
      }),
  });

/** The previous page stays on screen while the next one loads. */
export const useAllProperties = (query: CatalogueQuery) =>
  useQuery({ ...allPropertiesQueryOptions(query), placeholderData: keepPreviousData });

/** How many listings each type and each price bucket would show, the other filters kept. */
export type CatalogueCounts = {
  types: Partial<Record<PropertyType, number>>;
  prices: Partial<Record<string, number>>;
};

/**
 * The total of one search: the server counts it (`X-Total-Count`) and sends one listing along,
 * the least the catalogue answers with.
 */
function countQueryOptions(search: CatalogueSearch) {
  const query = { ...catalogueQueryOf({ ...search, page: 1 }), sort: 'newest' as const };
  return queryOptions({
    queryKey: [...propertyKeys.catalogue(query), 'count'],
    queryFn: ({ signal }) =>
      apiPage(PATH, { schema: ZPropertyList, query: { ...query, limit: 1 }, signal }),
    select: (page) => page.total,
  });
}

/**
 * Counts per type and per price bucket for the current search and area, asked only while the
 * filters are open (`enabled`). A failed count is left out rather than shown as an error: the
 * list itself says when the catalogue cannot be reached.
 */
export function useCatalogueCounts(search: CatalogueSearch, enabled: boolean): CatalogueCounts {
  const results = useQueries({
    queries: [
      ...PROPERTY_TYPES.map((type) => countQueryOptions({ ...search, types: [type] })),
      ...PRICE_RANGES.map((range) =>
        countQueryOptions({ ...search, minPrice: range.min, maxPrice: range.max ?? undefined }),
      ),
    ].map((options) => ({ ...options, enabled })),
  });
  const counts: CatalogueCounts = { types: {}, prices: {} };
  PROPERTY_TYPES.forEach((type, index) => {
    counts.types[type] = results[index]?.data;
  });
  PRICE_RANGES.forEach((range, index) => {
    counts.prices[range.label] = results[PROPERTY_TYPES.length + index]?.data;
  });
  return counts;
}
