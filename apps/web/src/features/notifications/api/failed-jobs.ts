import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';
import { ZFailedJobsPage } from './twins';

/** One page of the jobs that failed for good (e-mails never sent...), newest first (admin only). */
export const getFailedJobs = (
  { page, limit }: { page: number; limit: number },
  signal?: AbortSignal,
) => api('/api/admin/failed-jobs', { schema: ZFailedJobsPage, query: { page, limit }, signal });

export const useFailedJobs = (page: number, limit: number) =>
  useQuery({
    queryKey: notificationKeys.failedJobs(page, limit),
    queryFn: ({ signal }) => getFailedJobs({ page, limit }, signal),
    // Jobs fail in the background at any time: ask again on every visit.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
