import type { AddOpenHouseRequest } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { propertyKeys } from '@/lib/query-keys';
import { ZOpenHouse } from './get-open-houses';
import { openHouseKeys } from './query-keys';

/*
 * A 400 names the field at fault (a time that has passed, an end before the start); a 409 (sold,
 * overlapping, too many) is shown over the form; only a 401 signs the visitor out.
 */

/** Adds an open house to the agent's own listing, on the home's wall clock. */
export const addOpenHouse = ({
  propertyId,
  ...body
}: AddOpenHouseRequest & { propertyId: string }) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/open-houses`, {
    method: 'POST',
    body,
    schema: ZOpenHouse,
    signOutOn: [401],
  });

export function useAddOpenHouse(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddOpenHouseRequest) => addOpenHouse({ propertyId, ...body }),
    // The list under the form, and the cards that now carry a badge.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: openHouseKeys.all }),
        client.invalidateQueries({ queryKey: propertyKeys.all }),
      ]),
  });
}
