import type { DemoCheckout, DemoPaymentRequest, DemoPaymentResponse } from '@keyhaven/shared';
import { PAYMENT_STATUSES } from '@keyhaven/shared/constants';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';

const demoCheckoutTwin = v.object({
  sessionId: v.string(),
  status: v.picklist(PAYMENT_STATUSES),
  amount: v.number(),
  propertyTitle: v.string(),
  propertyLocation: v.string(),
  propertyImage: v.nullable(v.string()),
});
/** The valibot twin of ZDemoCheckout in @keyhaven/shared (see lib/contract-twins.ts). */
const ZDemoCheckout: ContractTwin<typeof demoCheckoutTwin, DemoCheckout> = demoCheckoutTwin;

// The browser is sent to `redirectUrl` next, so an empty one is a broken answer.
const demoPaymentTwin = v.object({ redirectUrl: v.pipe(v.string(), v.nonEmpty()) });
const ZDemoPaymentResponse: ContractTwin<typeof demoPaymentTwin, DemoPaymentResponse> =
  demoPaymentTwin;

const sessionPath = (sessionId: string) => `/api/payment/demo/${encodeURIComponent(sessionId)}`;

/** The built-in test checkout: what is being paid, and whether it already is. */
export const getDemoCheckout = (sessionId: string, signal?: AbortSignal) =>
  api(sessionPath(sessionId), { schema: ZDemoCheckout, signal });

export const demoCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['payments', 'demo', sessionId],
    queryFn: ({ signal }) => getDemoCheckout(sessionId, signal),
    staleTime: 0,
  });

export const useDemoCheckout = (sessionId: string) => useQuery(demoCheckoutQueryOptions(sessionId));

/** Pays the test checkout with a test card; the answer says where to go next. */
export const payDemoCheckout = (sessionId: string, card: DemoPaymentRequest) =>
  api(`${sessionPath(sessionId)}/pay`, {
    method: 'POST',
    body: card,
    schema: ZDemoPaymentResponse,
  });

export const usePayDemoCheckout = (sessionId: string) =>
  useMutation({ mutationFn: (card: DemoPaymentRequest) => payDemoCheckout(sessionId, card) });
