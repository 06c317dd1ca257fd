import type { SearchFacets } from '@keyhaven/shared';
import {
  PRICE_BANDS,
  PROPERTY_TYPES,
  type PriceBandId,
  type PropertyType,
} from '@keyhaven/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';
import { propertyKeys } from '@/lib/query-keys';
import type { CatalogueFilterQuery } from './get-all-properties';

const facetsTwin = v.object({
  total: v.number(),
  types: v.array(v.object({ propertyType: v.picklist(PROPERTY_TYPES), count: v.number() })),
  priceRanges: v.array(v.object({ label: v.string(), count: v.number() })),
  priceBands: v.array(
    v.object({
      id: v.picklist(PRICE_BANDS.map((band) => band.id)),
      label: v.string(),
      count: v.number(),
    }),
  ),
});
/** `ZSearchFacets` in @keyhaven/shared. */
export const ZSearchFacets: ContractTwin<typeof facetsTwin, SearchFacets> = facetsTwin;

/** How many listings each type and each price band would show, the other filters kept. */
export type CatalogueCounts = {
  types: Partial<Record<PropertyType, number>>;
  bands: Partial<Record<PriceBandId, number>>;
};

/** The counts by the filters' own choices. */
export function countsOf(facets: SearchFacets | undefined): CatalogueCounts {
  const counts: CatalogueCounts = { types: {}, bands: {} };
  for (const { propertyType, count } of facets?.types ?? []) counts.types[propertyType] = count;
  for (const { id, count } of facets?.priceBands ?? []) counts.bands[id] = count;
  return counts;
}

/** The counts beside the filters of a search: one request, whatever the number of choices. */
export const searchFacetsQueryOptions = (filters: CatalogueFilterQuery) =>
  queryOptions({
    queryKey: [...propertyKeys.all, 'facets', filters] as const,
    queryFn: ({ signal }) =>
      api('/api/all-properties/facets', { schema: ZSearchFacets, query: filters, signal }),
  });

/**
 * Counts per type and per price band for the current search and area, asked only while the
 * filters are open (`enabled`). The last counts stay while the next ones load; a failed count is
 * left out rather than shown as an error: the list itself says when the catalogue cannot be
 * reached.
 */
export function useSearchFacets(filters: CatalogueFilterQuery, enabled: boolean): CatalogueCounts {
  const { data } = useQuery({
    ...searchFacetsQueryOptions(filters),
    enabled,
    placeholderData: keepPreviousData,
  });
  return countsOf(data);
}
