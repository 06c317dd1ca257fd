import type { TourRequest } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tourKeys } from './query-keys';
import { ZTour } from './twins';

/*
 * A 400 names the field at fault; a 409 (the time was just taken, an open request already, the
 * listing no longer open) and a 429 are shown over the form; only a 401 signs the visitor out.
 */

/** Asks the listing's agent for a tour at one of its free times. */
export const requestTour = ({ propertyId, ...body }: TourRequest & { propertyId: string }) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/tours`, {
    method: 'POST',
    body,
    schema: ZTour,
    signOutOn: [401],
  });

export function useRequestTour(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TourRequest) => requestTour({ propertyId, ...body }),
    // The buyer's tours now hold it, and the time is no longer free.
    // Not awaited: the dialog closes as the server answers, and the request it returned stands in
    // for the buyer's tours while they are read again.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: tourKeys.all });
    },
  });
}
