import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';

const ZVerifyResponse = z.object({
  verified: z.boolean(),
  transactionId: z.nullable(z.string()),
  amount: z.number(),
});

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
