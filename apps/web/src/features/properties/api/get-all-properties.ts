import { LIMITS } from '@keyhaven/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZPropertyCardList } from '@/lib/listing';
import { propertyKeys } from '@/lib/query-keys';
import { type CatalogueQuery, type CatalogueSearch, catalogueQueryOf } from '../lib/list-params';

const PATH = '/api/all-properties';

export const CATALOGUE_PAGE_SIZE = LIMITS.defaultPageSize;

/**
 * Every approved listing, sold and pending ones included, for signed-in visitors, narrowed by the
 * filters, the map area and the outline of `query`: as cards, which is all the page shows of them
 * (half the bytes of whole listings for every page turned and every map moved).
 */
export const allPropertiesQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: propertyKeys.catalogue(query),
    queryFn: ({ signal }) =>
      apiPage(PATH, {
        schema: ZPropertyCardList,
        query: { ...query, limit: CATALOGUE_PAGE_SIZE, fields: 'card' },
        signal,
      }),
  });

/** The previous page stays on screen while the next one loads. */
export const useAllProperties = (query: CatalogueQuery) =>
  useQuery({ ...allPropertiesQueryOptions(query), placeholderData: keepPreviousData });

/** What the counts and the map's pins of a search are asked with: its filters and area alone. */
export type CatalogueFilterQuery = Omit<CatalogueQuery, 'sort' | 'page'>;

/** The search without its sort and page, which change neither its counts nor its pins. */
export function catalogueFilterQueryOf(search: CatalogueSearch): CatalogueFilterQuery {
  const { sort: _sort, page: _page, ...filters } = catalogueQueryOf(search);
  return filters;
}
