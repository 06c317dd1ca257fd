import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMyListingReport } from '../types';
import { reportKeys } from './query-keys';

/** The signed-in viewer's open report on a listing, or `{ report: null }`. */
export const getMyReport = (propertyId: string, signal?: AbortSignal) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/my-report`, {
    schema: ZMyListingReport,
    signal,
    signOutOn: [401],
  });

export function useMyReport(propertyId: string, { enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: reportKeys.mine(propertyId),
      queryFn: ({ signal }) => getMyReport(propertyId, signal),
      enabled,
    }),
  );
}
