import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { propertyKeys } from '@/lib/query-keys';
import { openHouseKeys } from './query-keys';

/** Removes an open house of the agent's own listing. */
export const removeOpenHouse = ({
  propertyId,
  openHouseId,
}: {
  propertyId: string;
  openHouseId: string;
}) =>
  api(
    `/api/properties/${encodeURIComponent(propertyId)}/open-houses/${encodeURIComponent(openHouseId)}`,
    { method: 'DELETE', schema: ZMessageResponse, signOutOn: [401] },
  );

export function useRemoveOpenHouse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeOpenHouse,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: openHouseKeys.all }),
        client.invalidateQueries({ queryKey: propertyKeys.all }),
      ]),
  });
}
