import type { FastifyInstance } from 'fastify';
import type { TestAccount } from './accounts.js';

/** A date the given number of days from today, as a date input sends it. */
export function daysFromNow(days: number) {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function offer(
  app: FastifyInstance,
  buyer: TestAccount,
  propertyId: string,
  body: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'PATCH',
    url: `/make-offer/${propertyId}`,
    headers: buyer.bearer,
    payload: { offerAmount: 260_000, selectedDate: daysFromNow(30), ...body },
  });
}

export function accept(
  app: FastifyInstance,
  agent: TestAccount,
  propertyId: string,
  buyerEmail?: string,
) {
  const query = buyerEmail ? `?email=${encodeURIComponent(buyerEmail)}` : '';
  return app.inject({
    method: 'PATCH',
    url: `/api/properties/accept-request/${propertyId}${query}`,
    headers: agent.bearer,
  });
}

export async function openCheckout(app: FastifyInstance, buyer: TestAccount, propertyId: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: buyer.bearer,
    payload: {
      offer: { _id: propertyId, property: { _id: propertyId }, offerDetails: { amount: 1 } },
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  const url: string = response.json().url;
  return { url, sessionId: url.split('/').pop() as string };
}

export function payDemo(
  app: FastifyInstance,
  buyer: TestAccount,
  sessionId: string,
  cardNumber = '4242 4242 4242 4242',
) {
  return app.inject({
    method: 'POST',
    url: `/api/payment/demo/${sessionId}/pay`,
    headers: buyer.bearer,
    payload: { cardNumber, expiry: '12/39', cvc: '123', name: 'Test Buyer' },
  });
}
