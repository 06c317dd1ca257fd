import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { accept, offer } from '../../../test/helpers/offers.js';
import {
  checkoutPaidEvent,
  deliverSignedWebhook,
  deliverWebhook,
  signWebhook,
  useStripeTestApp,
} from '../../../test/helpers/stripe-test-app.js';
import { offers, paymentEvents, payments, properties } from '../../db/schema.js';

const ctx = useStripeTestApp();

async function checkout(amount = 271_234.56) {
  const agent = await createAccount(ctx.app, 'agent');
  const buyer = await createAccount(ctx.app);
  const propertyId = await createListing(ctx.app, agent, { minPrice: 250_000, maxPrice: 280_000 });
  await offer(ctx.app, buyer, propertyId, { offerAmount: amount });
  await accept(ctx.app, agent, propertyId, buyer.email);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: buyer.bearer,
    payload: { offer: { _id: propertyId, offerDetails: { amount: 1 } } },
  });
  expect(response.statusCode).toBe(200);
  const sessionId = (response.json().url as string).split('/').pop() as string;
  return { agent, buyer, propertyId, sessionId, url: response.json().url as string };
}

function openCheckout(buyer: { bearer: { authorization: string } }, propertyId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: buyer.bearer,
    payload: { offer: { _id: propertyId } },
  });
}

const sold = async (propertyId: string) =>
  (await ctx.app.db.select().from(properties).where(eq(properties.id, propertyId)))[0]
    ?.availability;

describe('Stripe Checkout', () => {
  it('creates the session from the stored offer amount, not the request', async () => {
    const { url } = await checkout(271_234.56);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const create = ctx.stripeApi.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(create?.form.get('line_items[0][price_data][unit_amount]')).toBe('27123456');
    expect(create?.form.get('mode')).toBe('payment');
    expect(create?.form.get('success_url')).toContain(
      '/payment-success?session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('fulfils once when a signed webhook is delivered five times', async () => {
    const { propertyId, sessionId } = await checkout();
    const payload = checkoutPaidEvent(sessionId);
    for (let delivery = 0; delivery < 5; delivery++) {
      const response = await deliverSignedWebhook(ctx.app, payload);
      expect(response.statusCode).toBe(200);
    }
    expect(await sold(propertyId)).toBe('Sold');
    const paid = await ctx.app.db.select().from(payments).where(eq(payments.status, 'paid'));
    expect(paid).toHaveLength(1);
    expect(paid[0]?.transactionId).toBe('pi_keyhaven_1');
    expect(await ctx.app.db.select().from(paymentEvents)).toHaveLength(1);
  });

  it('refuses tampered, unsigned and stale webhooks with 400 and changes nothing', async () => {
    const { propertyId, sessionId } = await checkout();
    const payload = checkoutPaidEvent(sessionId);
    const signature = signWebhook(payload);
    const tampered = payload.replace('pi_keyhaven_1', 'pi_forged');
    const stale = signWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const wrongSecret = signWebhook(payload, { secret: 'whsec_other' });
    for (const [body, header] of [
      [tampered, signature],
      [payload, undefined],
      [payload, stale],
      [payload, wrongSecret],
    ] as const) {
      const response = await deliverWebhook(ctx.app, body, header);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await sold(propertyId)).toBe('Pending');
    expect(await ctx.app.db.select().from(paymentEvents)).toEqual([]);
    const [stored] = await ctx.app.db
      .select()
      .from(offers)
      .where(eq(offers.propertyId, propertyId));
    expect(stored?.status).toBe('accepted');
  });

  it('verifies by asking Stripe again, and fulfils a paid session the webhook has not brought yet', async () => {
    const { buyer, propertyId, sessionId } = await checkout();
    const verify = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/payment/verify?session_id=${sessionId}`,
        headers: buyer.bearer,
      });
    expect((await verify()).json().verified).toBe(false);
    ctx.stripeApi.markPaid(sessionId, 'pi_from_verify');
    expect((await verify()).json()).toMatchObject({
      verified: true,
      transactionId: 'pi_from_verify',
    });
    expect(await sold(propertyId)).toBe('Sold');
    expect(
      ctx.stripeApi.requests.some((r) => r.method === 'GET' && r.path.endsWith(sessionId)),
    ).toBe(true);
  });
});

describe('one checkout per offer', () => {
  it('gives back the open session with its idempotency key, and opens a new one only when Stripe closed it', async () => {
    const before = ctx.stripeApi.requests.length;
    const { buyer, propertyId, sessionId, url } = await checkout();
    const again = await openCheckout(buyer, propertyId);
    expect(again.json().url).toBe(url);
    const creates = () =>
      ctx.stripeApi.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
    expect(creates()).toHaveLength(1);
    expect(creates()[0]?.idempotencyKey).toMatch(/^checkout:[\w-]+:0:\d+$/);
    expect(Number(creates()[0]?.form.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);

    ctx.stripeApi.expire(sessionId);
    const fresh = await openCheckout(buyer, propertyId);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().url).not.toBe(url);
    expect(creates()).toHaveLength(2);
    expect(creates()[1]?.idempotencyKey).toMatch(/:1:\d+$/);
    const rows = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.propertyId, propertyId));
    expect(rows.map((row) => row.status).sort()).toEqual(['expired', 'open']);
  });

  it('opens a single session when the buyer clicks Complete Payment five times at once', async () => {
    const { buyer, propertyId, url } = await checkout();
    await ctx.app.db.delete(payments).where(eq(payments.propertyId, propertyId));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => openCheckout(buyer, propertyId)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().url)).size).toBe(1);
    // The same idempotency key brings Stripe's first session back rather than a second one.
    expect(answers[0]?.json().url).toBe(url);
    const open = await ctx.app.db.select().from(payments).where(eq(payments.status, 'open'));
    expect(open).toHaveLength(1);
  });
});

describe('money that arrives for a listing no longer trusted', () => {
  it('records a payment for a listing rejected after checkout opened as due for refund, and an admin refunds it once', async () => {
    const { buyer, propertyId, sessionId } = await checkout();
    const admin = await createAccount(ctx.app, 'admin');
    const rejected = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${propertyId}/false`,
      headers: admin.bearer,
    });
    expect(rejected.statusCode).toBe(200);
    expect((await openCheckout(buyer, propertyId)).statusCode).toBe(409);

    expect(
      (
        await deliverSignedWebhook(
          ctx.app,
          checkoutPaidEvent(sessionId, { eventId: 'evt_after_reject' }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await sold(propertyId)).toBe('Pending');
    const [stored] = await ctx.app.db
      .select()
      .from(offers)
      .where(eq(offers.propertyId, propertyId));
    expect(stored?.status).toBe('accepted');
    const [payment] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, sessionId));
    expect(payment).toMatchObject({
      status: 'refund_due',
      transactionId: 'pi_keyhaven_1',
      refundReason: 'under-review',
    });

    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment/verify?session_id=${sessionId}`,
      headers: buyer.bearer,
    });
    expect(verify.json()).toMatchObject({ verified: false, refundDue: true });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/refunds',
      headers: admin.bearer,
    });
    expect(list.json()).toEqual([
      expect.objectContaining({
        _id: payment?.id,
        status: 'refund_due',
        transactionId: 'pi_keyhaven_1',
      }),
    ]);
    const refund = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/refunds/${payment?.id}`,
        headers: admin.bearer,
      });
    expect((await refund()).statusCode).toBe(200);
    expect((await refund()).statusCode).toBe(409);
    expect(ctx.stripeApi.refunds).toEqual([
      expect.objectContaining({ payment_intent: 'pi_keyhaven_1' }),
    ]);
    const [after] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment?.id as string));
    expect(after?.status).toBe('refunded');
  });

  it('records a payment for an agent marked as fraud after checkout opened as due for refund', async () => {
    const { agent, buyer, propertyId, sessionId } = await checkout();
    const admin = await createAccount(ctx.app, 'admin');
    const marked = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${agent.id}/fraud`,
      headers: admin.bearer,
    });
    expect(marked.statusCode).toBe(200);
    const held = await openCheckout(buyer, propertyId);
    expect(held.statusCode).toBe(409);
    expect(
      (
        await deliverSignedWebhook(
          ctx.app,
          checkoutPaidEvent(sessionId, { eventId: 'evt_after_fraud' }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await sold(propertyId)).toBe('Pending');
    const [payment] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, sessionId));
    expect(payment).toMatchObject({ status: 'refund_due', refundReason: 'agent-suspended' });
  });
});
