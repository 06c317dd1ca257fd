import type { DemoPaymentRequest } from '@keyhaven/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';

const ZDemoCheckout = z.object({
  sessionId: z.string(),
  status: z.enum(['open', 'paid', 'failed', 'expired']),
  amount: z.number(),
  propertyTitle: z.string(),
  propertyLocation: z.string(),
  propertyImage: z.nullable(z.string()),
});
export type DemoCheckout = z.output<typeof ZDemoCheckout>;

const ZDemoPaymentResponse = z.object({ redirectUrl: z.string().check(z.minLength(1)) });

const sessionPath = (sessionId: string) => `/api/payment/demo/${encodeURIComponent(sessionId)}`;

/** The built-in test checkout: what is being paid, and whether it already is. */
export const getDemoCheckout = (sessionId: string, signal?: AbortSignal) =>
  api(sessionPath(sessionId), { schema: ZDemoCheckout, signal });

export const useDemoCheckout = (sessionId: string) =>
  useQuery({
    queryKey: ['payments', 'demo', sessionId],
    queryFn: ({ signal }) => getDemoCheckout(sessionId, signal),
    staleTime: 0,
  });

/** Pays the test checkout with a test card; the answer says where to go next. */
export const payDemoCheckout = (sessionId: string, card: DemoPaymentRequest) =>
  api(`${sessionPath(sessionId)}/pay`, {
    method: 'POST',
    body: card,
    schema: ZDemoPaymentResponse,
  });

export const usePayDemoCheckout = (sessionId: string) =>
  useMutation({ mutationFn: (card: DemoPaymentRequest) => payDemoCheckout(sessionId, card) });
