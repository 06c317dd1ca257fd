import type { TourAvailabilityRequest } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { availabilityPath } from './get-tour-availability';
import { tourKeys } from './query-keys';
import { ZTourAvailability } from './twins';

/*
 * A 400 names the range or day at fault (`weekly.2.end`); a 403 or 409 (not their listing, a
 * sold one) is shown over the form; only a 401 signs the visitor out.
 */

/** Saves a listing's viewing availability; the answer is what was saved. */
export const saveTourAvailability = ({
  propertyId,
  ...body
}: TourAvailabilityRequest & { propertyId: string }) =>
  api(availabilityPath(propertyId), {
    method: 'PUT',
    body,
    schema: ZTourAvailability,
    signOutOn: [401],
  });

export function useSaveTourAvailability(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TourAvailabilityRequest) => saveTourAvailability({ propertyId, ...body }),
    onSuccess: (saved) => {
      client.setQueryData(tourKeys.availability(propertyId), saved);
      // The free times buyers see follow the new hours.
      return client.invalidateQueries({ queryKey: tourKeys.slots(propertyId) });
    },
  });
}
