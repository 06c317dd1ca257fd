import type { MyListingReport } from '@keyhaven/shared';
import { REPORT_REASONS } from '@keyhaven/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';
import { reportKeys } from './query-keys';

/* The valibot twin of ZMyListingReport, kept by its fetcher: the listing page needs it, not the queue's twins. */
const myReportTwin = v.object({
  report: v.nullable(
    v.object({
      _id: v.string(),
      reason: v.picklist(REPORT_REASONS),
      note: v.string(),
      createdAt: v.string(),
    }),
  ),
});
export const ZMyListingReport: ContractTwin<typeof myReportTwin, MyListingReport> = myReportTwin;

/** The signed-in viewer's open report on a listing, or `{ report: null }`. */
export const getMyReport = (propertyId: string, signal?: AbortSignal) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/my-report`, {
    schema: ZMyListingReport,
    signal,
    signOutOn: [401],
  });

export const myReportQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: reportKeys.mine(propertyId),
    queryFn: ({ signal }) => getMyReport(propertyId, signal),
  });

export function useMyReport(propertyId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...myReportQueryOptions(propertyId), enabled });
}
