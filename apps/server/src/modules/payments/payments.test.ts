import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { configFrom } from '../../config.js';
import { offers, payments, properties } from '../../db/schema.js';
import { paymentProviderPlugin } from './payment-provider.js';

const ctx = useTestApp();

async function acceptedOffer(amount = 262_500.5) {
  const agent = await createAccount(ctx.app, 'agent');
  const buyer = await createAccount(ctx.app);
  const propertyId = await createListing(ctx.app, agent, { minPrice: 250_000, maxPrice: 280_000 });
  await offer(ctx.app, buyer, propertyId, { offerAmount: amount });
  await accept(ctx.app, agent, propertyId, buyer.email);
  return { agent, buyer, propertyId };
}

const verify = (buyer: { bearer: Record<string, string> }, sessionId: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/payment/verify?session_id=${sessionId}`,
    headers: buyer.bearer,
  });

describe('demo checkout', () => {
  it('is never built in production, even when the configuration would allow it', async () => {
    // A configuration that slipped past loadConfig's checks: production without Stripe keys.
    const slipped = { ...configFrom({ LOG_LEVEL: 'silent' }), isProduction: true };
    expect(slipped.stripe).toBeUndefined();
    const app = Fastify();
    app.decorate('config', slipped);
    try {
      const outcome = await app
        .register(paymentProviderPlugin)
        .ready()
        .then(
          () => `built the ${app.paymentProvider.name} provider`,
          (error: Error) => error.message,
        );
      expect(outcome).toBe(
        'The demo checkout never runs in production: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      );
    } finally {
      await app.close();
    }
  });

  it('charges the stored offer amount whatever the request says, and sells the home on 4242', async () => {
    const { buyer, propertyId } = await acceptedOffer(262_500.5);
    const { url, sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    expect(url).toBe(`/demo-checkout/${sessionId}`);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment/demo/${sessionId}`,
      headers: buyer.bearer,
    });
    expect(page.json()).toMatchObject({ amount: 262_500.5, status: 'open' });

    const unverified = await verify(buyer, sessionId);
    expect(unverified.json()).toEqual({
      verified: false,
      transactionId: null,
      amount: 262_500.5,
      refundDue: false,
    });

    const paid = await payDemo(ctx.app, buyer, sessionId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirectUrl: `/payment-success?session_id=${sessionId}` });

    const verified = await verify(buyer, sessionId);
    expect(verified.json()).toMatchObject({ verified: true, amount: 262_500.5 });
    expect(verified.json().transactionId).toMatch(/^demo_txn_/);

    const [listing] = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.id, propertyId));
    expect(listing?.availability).toBe('Sold');
    const [sale] = await ctx.app.db.select().from(offers).where(eq(offers.propertyId, propertyId));
    expect(sale?.status).toBe('paid');
    const [payment] = await ctx.app.db.select().from(payments);
    expect(payment).toMatchObject({ status: 'paid', amountCents: 26_250_050 });

    const details = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}`,
      headers: buyer.bearer,
    });
    expect(details.json()).toMatchObject({
      soldStatus: 'true',
      availability: 'Sold',
      soldDetails: { price: 262_500.5, transactionId: verified.json().transactionId },
    });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/user-requests/${buyer.id}`,
      headers: buyer.bearer,
    });
    expect(mine.json()[0]).toMatchObject({
      requestStatus: 'bought',
      transactionId: verified.json().transactionId,
    });
  });

  it('declines 4000 0000 0000 0002 and sells nothing; refuses other cards and bad fields', async () => {
    const { buyer, propertyId } = await acceptedOffer();
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    const declined = await payDemo(ctx.app, buyer, sessionId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('PAYMENT_DECLINED');
    expect((await payDemo(ctx.app, buyer, sessionId, '5555 5555 5555 4444')).statusCode).toBe(400);
    const badFields = await ctx.app.inject({
      method: 'POST',
      url: `/api/payment/demo/${sessionId}/pay`,
      headers: buyer.bearer,
      payload: { cardNumber: '4242', expiry: '13/99', cvc: '1', name: '' },
    });
    expect(Object.keys(badFields.json().fields).sort()).toEqual([
      'cardNumber',
      'cvc',
      'expiry',
      'name',
    ]);
    const [listing] = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.id, propertyId));
    expect(listing?.availability).toBe('Pending');
    expect((await verify(buyer, sessionId)).json().verified).toBe(false);
  });

  it('lets only the buyer of an accepted offer pay it, once', async () => {
    const { agent, buyer, propertyId } = await acceptedOffer();
    const other = await createAccount(ctx.app);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: other.bearer,
      payload: { offer: { _id: propertyId } },
    });
    expect(refused.statusCode).toBe(404);
    for (const role of ['agent', 'admin', 'fraud'] as const) {
      const caller = role === 'agent' ? agent : await createAccount(ctx.app, role);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/payment/create-checkout-session',
        headers: caller.bearer,
        payload: { offer: { _id: propertyId } },
      });
      expect(response.statusCode, role).toBe(403);
    }
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    expect((await payDemo(ctx.app, other, sessionId)).statusCode).toBe(404);
    expect((await verify(other, sessionId)).statusCode).toBe(404);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: buyer.bearer,
      payload: { offer: { _id: propertyId } },
    });
    expect(again.statusCode).toBe(409);
  });

  it('cannot pay a pending offer', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    await offer(ctx.app, buyer, propertyId);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: buyer.bearer,
      payload: { offer: { _id: propertyId } },
    });
    expect(response.statusCode).toBe(404);
  });
});
