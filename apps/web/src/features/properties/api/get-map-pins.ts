import type { MapPins } from '@keyhaven/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';
import { propertyKeys } from '@/lib/query-keys';
import type { CatalogueFilterQuery } from './get-all-properties';

const mapPinsTwin = v.object({
  pins: v.array(
    v.object({
      _id: v.string(),
      lat: v.number(),
      lng: v.number(),
      minPrice: v.number(),
      maxPrice: v.number(),
      title: v.string(),
      image: v.nullable(v.string()),
      bedrooms: v.number(),
      bathrooms: v.number(),
      areaSize: v.number(),
      /** Sold mode's pins: the sale's price (null when not sold here) and time. */
      soldPrice: v.optional(v.nullable(v.number())),
      soldAt: v.optional(v.string()),
    }),
  ),
  total: v.number(),
});
/** `ZMapPins` in @keyhaven/shared. */
export const ZMapPins: ContractTwin<typeof mapPinsTwin, MapPins> = mapPinsTwin;

/**
 * Every home of a search that has a map position (up to `MAP_PINS_MAX`, newest first), whatever
 * page of the list is on screen.
 */
export const mapPinsQueryOptions = (filters: CatalogueFilterQuery) =>
  queryOptions({
    queryKey: [...propertyKeys.all, 'pins', filters] as const,
    queryFn: ({ signal }) =>
      api('/api/all-properties/pins', { schema: ZMapPins, query: filters, signal }),
  });

/**
 * The map's pins, asked only while the map is on screen (`enabled`): a phone showing the list
 * asks nothing. The last pins stay on the map while those of a new search load.
 */
export const useMapPins = (filters: CatalogueFilterQuery, enabled: boolean) =>
  useQuery({ ...mapPinsQueryOptions(filters), enabled, placeholderData: keepPreviousData });
