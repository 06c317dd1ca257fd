import type { Comparable, Estimate, ListingEstimate } from '@keyhaven/shared';
import {
  COMPARABLE_STATUSES,
  COMPARABLES_UNAVAILABLE,
  ESTIMATE_CONFIDENCES,
} from '@keyhaven/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';

const comparableTwin = v.object({
  id: v.string(),
  title: v.string(),
  location: v.string(),
  image: v.nullable(v.string()),
  status: v.picklist(COMPARABLE_STATUSES),
  soldAt: v.nullable(v.string()),
  price: v.number(),
  pricePerSqft: v.number(),
  distanceMiles: v.number(),
  bedrooms: v.number(),
  bathrooms: v.number(),
  areaSize: v.number(),
  similarity: v.number(),
  usedInEstimate: v.boolean(),
});
const ZComparable: ContractTwin<typeof comparableTwin, Comparable> = comparableTwin;

const estimateTwin = v.object({
  value: v.number(),
  low: v.number(),
  high: v.number(),
  pricePerSqft: v.number(),
  confidence: v.picklist(ESTIMATE_CONFIDENCES),
  salesUsed: v.number(),
});
const ZEstimate: ContractTwin<typeof estimateTwin, Estimate> = estimateTwin;

const listingEstimateTwin = v.object({
  unavailable: v.nullable(v.picklist(COMPARABLES_UNAVAILABLE)),
  comparables: v.array(ZComparable),
  chosenBy: v.nullable(v.string()),
  estimate: v.nullable(ZEstimate),
});
const ZListingEstimate: ContractTwin<typeof listingEstimateTwin, ListingEstimate> =
  listingEstimateTwin;

/** A listing's comparable homes and its Keyhaven Estimate. */
export const getEstimate = (propertyId: string, signal?: AbortSignal) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/estimate`, {
    schema: ZListingEstimate,
    signal,
    signOutOn: [401],
  });

export const estimateQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: ['estimate', propertyId] as const,
    queryFn: ({ signal }) => getEstimate(propertyId, signal),
    // Sales change slowly: a buyer going back and forth between listings asks once.
    staleTime: 5 * 60 * 1000,
  });

export const useEstimate = (propertyId: string) => useQuery(estimateQueryOptions(propertyId));
