import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tourKeys } from './query-keys';
import { ZTourAvailability } from './twins';

const availabilityPath = (propertyId: string) =>
  `/api/properties/${encodeURIComponent(propertyId)}/tour-availability`;

/** A listing's weekly viewing hours, tour length and days off, as its agent edits them. */
export const getTourAvailability = (propertyId: string, signal?: AbortSignal) =>
  api(availabilityPath(propertyId), { schema: ZTourAvailability, signal, signOutOn: [401] });

export const tourAvailabilityQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: tourKeys.availability(propertyId),
    queryFn: ({ signal }) => getTourAvailability(propertyId, signal),
  });

export const useTourAvailability = (propertyId: string) =>
  useQuery(tourAvailabilityQueryOptions(propertyId));

export { availabilityPath };
