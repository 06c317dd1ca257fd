import type { RefundItem } from '@keyhaven/shared';
import { REFUND_STATUSES } from '@keyhaven/shared/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import { type ContractTwin, type ListTwin, ZMessageResponse } from '@/lib/contract-twins';

const refundTwin = v.object({
  _id: v.string(),
  status: v.picklist(REFUND_STATUSES),
  amount: v.number(),
  reason: v.string(),
  transactionId: v.nullable(v.string()),
  paidAt: v.nullable(v.string()),
  buyerEmail: v.nullable(v.string()),
  propertyId: v.nullable(v.string()),
  propertyTitle: v.nullable(v.string()),
});
/** The valibot twin of ZRefundItem in @keyhaven/shared (see lib/contract-twins.ts). */
const ZRefundItem: ContractTwin<typeof refundTwin, RefundItem> = refundTwin;
const ZRefundList: ListTwin<typeof ZRefundItem, RefundItem[]> = v.array(ZRefundItem);

const refundKeys = { all: ['payments', 'refunds'] as const };

/** Money received that did not become a sale, due for a refund or refunded, newest first. */
export const getRefunds = (signal?: AbortSignal) =>
  api('/api/admin/refunds', { schema: ZRefundList, signal });

export const refundsQueryOptions = () =>
  queryOptions({
    queryKey: refundKeys.all,
    queryFn: ({ signal }) => getRefunds(signal),
    // Late payments arrive through webhooks at any time: ask again on every visit.
    staleTime: 0,
  });

export const useRefunds = () => useQuery(refundsQueryOptions());

/** Sends one payment due for a refund back to the buyer, through the provider that took it. */
export const refundPayment = (paymentId: string) =>
  api(`/api/admin/refunds/${encodeURIComponent(paymentId)}`, {
    method: 'POST',
    schema: ZMessageResponse,
  });

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundKeys.all }),
  });
}
