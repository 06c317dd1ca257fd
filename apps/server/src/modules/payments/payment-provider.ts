import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where buyers pay: Stripe when configured, otherwise the built-in demo checkout. */
    paymentProvider: PaymentProvider;
    /** The Stripe client behind the provider, for its webhooks; absent with the demo. */
    stripe: Stripe | undefined;
  }
}

export interface CheckoutInput {
  offerId: string;
  amountCents: number;
  title: string;
  buyerEmail: string;
  /** The same key gives the same session back, so a retried request never opens a second one. */
  idempotencyKey: string;
  /** The checkout stops taking money then (the offer's payment deadline, or sooner). */
  expiresAt: Date;
}

export interface ProviderSession {
  paid: boolean;
  transactionId: string | null;
  amountCents: number | null;
}

/** Where buyers pay. Keyhaven stores the session id and trusts only what the provider says. */
export interface PaymentProvider {
  readonly name: 'demo' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** The provider's own view of a session; the demo provider has none beyond our database. */
  retrieve(sessionId: string): Promise<ProviderSession | null>;
  /** The address of a session that can still be paid, or null when the provider closed it. */
  resume(sessionId: string): Promise<string | null>;
  /** Stops a session from taking money; a session already closed is left as it is. */
  expire(sessionId: string): Promise<void>;
  /** Sends a received payment back; returns the provider's refund id. */
  refund(transactionId: string, idempotencyKey: string): Promise<string>;
}

export const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/**
 * The offline test provider: its checkout page is served by Keyhaven itself and takes the public
 * test cards, so it never runs in production, whatever the configuration says: there it would
 * mark homes Sold and tell agents they were paid while no money moved.
 */
function createDemoProvider({ isProduction }: Pick<Config, 'isProduction'>): PaymentProvider {
  if (isProduction) {
    throw new Error(
      'The demo checkout never runs in production: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  const urlOf = (sessionId: string) => `/demo-checkout/${sessionId}`;
  return {
    name: 'demo',
    createCheckout: async () => {
      const sessionId = randomId('demo_cs');
      return { sessionId, url: urlOf(sessionId) };
    },
    retrieve: async () => null,
    // The demo session is open exactly as long as our own record says so.
    resume: async (sessionId) => urlOf(sessionId),
    expire: async () => {},
    refund: async () => randomId('demo_re'),
  };
}

/** Stripe's library is loaded only when Stripe is configured: the demo checkout never needs it. */
async function createStripeClient(stripe: NonNullable<Config['stripe']>) {
  const { default: Stripe } = await import('stripe');
  const base = stripe.apiBase ? new URL(stripe.apiBase) : undefined;
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 1,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** Stripe keeps a checkout open between 30 minutes and 24 hours. */
const STRIPE_MIN_OPEN_MS = 30 * 60 * 1000;
const STRIPE_MAX_OPEN_MS = 24 * 60 * 60 * 1000 - 60 * 1000;

function stripeExpiry(expiresAt: Date, now = Date.now()) {
  const ms = Math.min(Math.max(expiresAt.getTime() - now, STRIPE_MIN_OPEN_MS), STRIPE_MAX_OPEN_MS);
  return Math.floor((now + ms) / 1000);
}

function createStripeProvider(client: Stripe, publicUrl: string): PaymentProvider {
  return {
    name: 'stripe',
    createCheckout: async (input) => {
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.amountCents,
                product_data: { name: input.title },
              },
            },
          ],
          customer_email: input.buyerEmail,
          client_reference_id: input.offerId,
          metadata: { offerId: input.offerId },
          expires_at: stripeExpiry(input.expiresAt),
          success_url: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${publicUrl}/dashboard/bought`,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    retrieve: async (sessionId) => {
      const session = await client.checkout.sessions.retrieve(sessionId);
      const paymentIntent = session.payment_intent;
      return {
        paid: session.payment_status === 'paid',
        transactionId:
          typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
        amountCents: session.amount_total,
      };
    },
    resume: async (sessionId) => {
      const session = await client.checkout.sessions.retrieve(sessionId);
      return session.status === 'open' && session.url ? session.url : null;
    },
    expire: async (sessionId) => {
      const session = await client.checkout.sessions.retrieve(sessionId);
      if (session.status !== 'open') return;
      try {
        await client.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Another request closed it meanwhile: closed is all that was asked.
        const again = await client.checkout.sessions.retrieve(sessionId);
        if (again.status === 'open') throw error;
      }
    },
    refund: async (transactionId, idempotencyKey) => {
      const refund = await client.refunds.create(
        { payment_intent: transactionId },
        { idempotencyKey },
      );
      return refund.id;
    },
  };
}

/** Chooses the payment provider once, for the payment routes and for offers that end. */
export const paymentProviderPlugin = fp(
  async (app: FastifyInstance) => {
    const stripe = app.config.stripe ? await createStripeClient(app.config.stripe) : undefined;
    app.decorate('stripe', stripe);
    app.decorate(
      'paymentProvider',
      stripe ? createStripeProvider(stripe, app.config.publicUrl) : createDemoProvider(app.config),
    );
  },
  { name: 'payment-provider' },
);
