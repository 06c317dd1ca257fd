import type { SearchSort } from '@keyhaven/shared';
import { LIMITS } from '@keyhaven/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZPropertyList } from '@/lib/listing';
import { propertyKeys } from '@/lib/query-keys';

const PATH = '/api/all-properties';

export const CATALOGUE_PAGE_SIZE = LIMITS.defaultPageSize;

export type CatalogueQuery = {
  location?: string;
  propertyType?: string;
  priceRange?: string;
  sort: SearchSort;
  page: number;
};

/** Every approved listing, sold and pending ones included, for signed-in visitors. */
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
