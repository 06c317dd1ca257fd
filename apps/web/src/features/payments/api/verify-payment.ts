import type { VerifyResponse } from '@keyhaven/shared';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';

const verifyTwin = v.object({
  verified: v.boolean(),
  transactionId: v.nullable(v.string()),
  amount: v.number(),
  refundDue: v.boolean(),
});
/** The valibot twin of ZVerifyResponse in @keyhaven/shared (see lib/contract-twins.ts). */
const ZVerifyResponse: ContractTwin<typeof verifyTwin, VerifyResponse> = verifyTwin;

export const verifyPayment = (sessionId: string, signal?: AbortSignal) =>
  api('/api/payment/verify', { query: { session_id: sessionId }, schema: ZVerifyResponse, signal });

/** Whether the checkout session is paid; asked afresh on every visit of the result page. */
export const useVerifyPayment = (sessionId: string) =>
  useQuery({
    queryKey: ['payments', 'verify', sessionId],
    queryFn: ({ signal }) => verifyPayment(sessionId, signal),
    enabled: sessionId !== '',
    staleTime: 0,
    gcTime: 0,
  });
