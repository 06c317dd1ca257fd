import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZReportQueue } from '../types';
import { reportKeys } from './query-keys';

/** One page of the listings with open reports, most reported first (admin only). */
export const getReportQueue = (query: { page: number; limit: number }, signal?: AbortSignal) =>
  api('/api/admin/reports', { schema: ZReportQueue, query, signal });

export function useReportQueue(page: number, limit: number) {
  return useQuery(
    queryOptions({
      queryKey: reportKeys.queue({ page, limit }),
      queryFn: ({ signal }) => getReportQueue({ page, limit }, signal),
      // The current page stays up while the next one loads.
      placeholderData: keepPreviousData,
    }),
  );
}
