import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../config.js';

export interface CheckoutInput {
  offerId: string;
  amountCents: number;
  title: string;
  buyerEmail: string;
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
}

export const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** The offline test provider: its checkout page is served by Keyhaven itself. */
export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',
    createCheckout: async () => {
      const sessionId = randomId('demo_cs');
      return { sessionId, url: `/demo-checkout/${sessionId}` };
    },
    retrieve: async () => null,
  };
}

export function createStripeClient(stripe: NonNullable<Config['stripe']>) {
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

export function createStripeProvider(client: Stripe, publicUrl: string): PaymentProvider {
  return {
    name: 'stripe',
    createCheckout: async (input) => {
      const session = await client.checkout.sessions.create({
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
        success_url: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}/dashboard/bought`,
      });
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
  };
}
