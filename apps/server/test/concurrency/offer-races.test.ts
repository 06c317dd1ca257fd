import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { offers, payments, properties, users } from '../../src/db/schema.js';
import { createAccount } from '../helpers/accounts.js';
import { createListing } from '../helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../helpers/offers.js';
import {
  checkoutPaidEvent,
  deliverSignedWebhook,
  useStripeTestApp,
} from '../helpers/stripe-test-app.js';
import { useTestApp } from '../helpers/test-app.js';

const CONCURRENCY = 50;
const ctx = useTestApp();

/** Buyers with pending offers on one listing, made directly: the race is what is tested. */
async function crowdedListing(app: FastifyInstance) {
  const agent = await createAccount(app, 'agent');
  const propertyId = await createListing(app, agent, { minPrice: 200_000, maxPrice: 300_000 });
  const buyers = Array.from({ length: CONCURRENCY }, (_, i) => ({
    id: randomUUID(),
    name: `Racer ${i}`,
    email: `racer${i}-${randomUUID()}@example.test`,
  }));
  await app.db.insert(users).values(buyers);
  await app.db.insert(offers).values(
    buyers.map((buyer, i) => ({
      propertyId,
      buyerId: buyer.id,
      amountCents: 20_000_000 + i * 100,
      buyingDate: '2031-01-01',
    })),
  );
  return { agent, propertyId, buyers };
}

describe(`${CONCURRENCY} concurrent decisions`, () => {
  it('accepting different offers on one listing leaves exactly one accepted', async () => {
    const { agent, propertyId, buyers } = await crowdedListing(ctx.app);
    const responses = await Promise.all(
      buyers.map((buyer) => accept(ctx.app, agent, propertyId, buyer.email)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409 && s !== 404)).toEqual([]);
    const rows = await ctx.app.db.select().from(offers).where(eq(offers.propertyId, propertyId));
    expect(rows.filter((o) => o.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((o) => o.status === 'pending')).toHaveLength(0);
  });

  it('paying and verifying one demo session at once sells the home once', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    await offer(ctx.app, buyer, propertyId);
    await accept(ctx.app, agent, propertyId, buyer.email);
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    const calls = Array.from({ length: CONCURRENCY }, (_, i) =>
      i % 2 === 0
        ? payDemo(ctx.app, buyer, sessionId)
        : ctx.app.inject({
            method: 'GET',
            url: `/api/payment/verify?session_id=${sessionId}`,
            headers: buyer.bearer,
          }),
    );
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const paid = await ctx.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.propertyId, propertyId), eq(payments.status, 'paid')));
    expect(paid).toHaveLength(1);
    const sales = await ctx.app.db
      .select()
      .from(offers)
      .where(and(eq(offers.propertyId, propertyId), inArray(offers.status, ['paid'])));
    expect(sales).toHaveLength(1);
  });
});

describe(`${CONCURRENCY} concurrent Stripe confirmations`, () => {
  const stripe = useStripeTestApp();

  it('webhook redeliveries, distinct events and verifications of one session make one sale and one payment', async () => {
    const { app, stripeApi } = stripe;
    const agent = await createAccount(app, 'agent');
    const buyer = await createAccount(app);
    const propertyId = await createListing(app, agent);
    await offer(app, buyer, propertyId);
    await accept(app, agent, propertyId, buyer.email);
    const { url } = await openCheckout(app, buyer, propertyId);
    const sessionId = url.split('/').pop() as string;
    stripeApi.markPaid(sessionId, 'pi_race');

    const calls = Array.from({ length: CONCURRENCY }, (_, i) => {
      if (i % 3 === 2) {
        return app.inject({
          method: 'GET',
          url: `/api/payment/verify?session_id=${sessionId}`,
          headers: buyer.bearer,
        });
      }
      // A third of the calls redeliver one event; the other webhooks are distinct events.
      const payload = checkoutPaidEvent(sessionId, {
        eventId: i % 3 === 0 ? 'evt_same' : `evt_${i}`,
        paymentIntent: 'pi_race',
        type: i % 2 ? 'checkout.session.completed' : 'checkout.session.async_payment_succeeded',
      });
      return deliverSignedWebhook(app, payload);
    });
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const rows = await app.db.select().from(payments).where(eq(payments.propertyId, propertyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('paid');
    const [listing] = await app.db.select().from(properties).where(eq(properties.id, propertyId));
    expect(listing?.availability).toBe('Sold');
  });
});
