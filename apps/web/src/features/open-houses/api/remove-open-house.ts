import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';

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
    onSettled: () => client.invalidateQueries(),
  });
}
