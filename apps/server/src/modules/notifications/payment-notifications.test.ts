import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { accept, offer } from '../../../test/helpers/offers.js';
import {
  checkoutPaidEvent,
  deliverSignedWebhook,
  useStripeTestApp,
} from '../../../test/helpers/stripe-test-app.js';
import { notifications, payments } from '../../db/schema.js';

/*
 * A Stripe payment can be completed by its webhook or by the buyer's return from checkout
 * (which asks Stripe again), in either order and more than once: each side of the sale is told
 * exactly once, under the payment's key.
 */

const ctx = useStripeTestApp();

async function paidCheckout() {
  const agent = await createAccount(ctx.app, 'agent');
  const buyer = await createAccount(ctx.app);
  const propertyId = await createListing(ctx.app, agent, { title: 'Garden flat' });
  await offer(ctx.app, buyer, propertyId, { offerAmount: 265_000 });
  await accept(ctx.app, agent, propertyId, buyer.email);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: buyer.bearer,
    payload: { offer: { _id: propertyId } },
  });
  expect(response.statusCode).toBe(200);
  const sessionId = (response.json().url as string).split('/').pop() as string;
  ctx.stripeApi.markPaid(sessionId, 'pi_notified');
  const verify = () =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/payment/verify?session_id=${sessionId}`,
      headers: buyer.bearer,
    });
  return { agent, buyer, sessionId, verify };
}

async function saleNews(sessionId: string) {
  await ctx.app.jobs.drain();
  const [payment] = await ctx.app.db
    .select()
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));
  const rows = await ctx.app.db.select().from(notifications);
  return rows
    .filter((row) => row.kind === 'payment_confirmed' || row.kind === 'payment_received')
    .map((row) => ({ userId: row.userId, kind: row.kind, eventKey: row.eventKey }))
    .sort((a, b) => a.kind.localeCompare(b.kind))
    .map((row) => ({ ...row, eventKey: row.eventKey.replace(payment?.id ?? '?', '<payment>') }));
}

describe('payment notifications through Stripe', () => {
  it('tell each side once when the webhook comes first and the buyer returns after', async () => {
    const { agent, buyer, sessionId, verify } = await paidCheckout();
    for (let delivery = 0; delivery < 3; delivery++) {
      expect((await deliverSignedWebhook(ctx.app, checkoutPaidEvent(sessionId))).statusCode).toBe(
        200,
      );
    }
    expect((await verify()).json().verified).toBe(true);
    expect(await saleNews(sessionId)).toEqual([
      { userId: buyer.id, kind: 'payment_confirmed', eventKey: 'payment_confirmed:<payment>' },
      { userId: agent.id, kind: 'payment_received', eventKey: 'payment_received:<payment>' },
    ]);
  });

  it('tell each side once when the buyer returns first and the webhook comes after', async () => {
    const { agent, buyer, sessionId, verify } = await paidCheckout();
    expect((await verify()).json().verified).toBe(true);
    expect((await verify()).json().verified).toBe(true);
    expect((await deliverSignedWebhook(ctx.app, checkoutPaidEvent(sessionId))).statusCode).toBe(
      200,
    );
    expect(await saleNews(sessionId)).toEqual([
      { userId: buyer.id, kind: 'payment_confirmed', eventKey: 'payment_confirmed:<payment>' },
      { userId: agent.id, kind: 'payment_received', eventKey: 'payment_received:<payment>' },
    ]);
  });
});
