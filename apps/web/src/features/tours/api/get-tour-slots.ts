import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tourKeys } from './query-keys';
import { ZTourSlotsResponse } from './twins';

/** A listing's free tour times over the next 14 days, soonest first, and the home's zone. */
export const getTourSlots = (propertyId: string, signal?: AbortSignal) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/tour-slots`, {
    schema: ZTourSlotsResponse,
    signal,
    signOutOn: [401],
  });

export const tourSlotsQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: tourKeys.slots(propertyId),
    queryFn: ({ signal }) => getTourSlots(propertyId, signal),
  });

/**
 * Asked for only while a picker is open (`enabled`): a time taken a minute ago is gone. A withdrawn
 * listing's tour has no listing id and so no times to offer.
 */
export const useTourSlots = (propertyId: string | null, { enabled = true } = {}) =>
  useQuery({
    ...tourSlotsQueryOptions(propertyId ?? ''),
    enabled: enabled && propertyId !== null,
    refetchOnMount: 'always',
  });
