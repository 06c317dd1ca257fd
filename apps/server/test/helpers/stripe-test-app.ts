import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { type StripeApi, startStripeApi } from './stripe-api.js';
import { type TestContext, useTestApp } from './test-app.js';

/** The secret the app checks Stripe's webhook signatures with in these tests. */
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_keyhaven';

/** The settings that make the app pay through Stripe Checkout, at the stand-in's address. */
export const stripeEnv = (api: StripeApi, webhookSecret = STRIPE_WEBHOOK_SECRET) => ({
  STRIPE_SECRET_KEY: 'sk_test_keyhaven',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_BASE: api.url,
});

export interface StripeTestContext extends TestContext {
  stripeApi: StripeApi;
}

/**
 * The real app taking payments through Stripe Checkout, with Stripe's API stood in for on
 * 127.0.0.1 (the hooks of useTestApp, plus the stand-in started before the app and stopped
 * after it). Read the context inside tests.
 */
export function useStripeTestApp(): StripeTestContext {
  let stripeApi: StripeApi | undefined;
  beforeAll(async () => {
    stripeApi = await startStripeApi();
  });
  // Registered before the app's own hooks, so it runs after the app has closed.
  afterAll(async () => {
    await stripeApi?.close();
  });
  const context = useTestApp(() => stripeEnv(stripeApi as StripeApi)) as StripeTestContext;
  beforeAll(() => {
    context.stripeApi = stripeApi as StripeApi;
  });
  return context;
}

/** Stripe's SDK, used only to sign webhook payloads as Stripe does. */
const signer = new Stripe('sk_test_unused');

/** A `stripe-signature` header for a payload: by default valid now, with the app's secret. */
export function signWebhook(
  payload: string,
  options: { secret?: string; timestamp?: number } = {},
): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
}

/** The event Stripe sends when a checkout session has been paid, as the JSON Stripe posts. */
export function checkoutPaidEvent(
  sessionId: string,
  {
    eventId = 'evt_1',
    paymentIntent = 'pi_keyhaven_1',
    type = 'checkout.session.completed',
  }: {
    eventId?: string;
    paymentIntent?: string;
    type?: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded';
  } = {},
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: paymentIntent,
      },
    },
  });
}

/** Posts a webhook payload as Stripe does; without a signature the header is left out. */
export function deliverWebhook(app: FastifyInstance, payload: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

/** Posts a payload signed with the app's secret, as Stripe delivers (and redelivers) events. */
export const deliverSignedWebhook = (app: FastifyInstance, payload: string) =>
  deliverWebhook(app, payload, signWebhook(payload));
