import type { StripeApi } from './stripe-api.js';
import { stripeEnv } from './stripe-test-app.js';

/**
 * What an app built with NODE_ENV=production cannot start without, with honest values for a
 * test: a long secret, payments through Stripe Checkout at the local stand-in for Stripe's API,
 * and e-mail kept in the outbox, chosen explicitly.
 */
export function productionEnv(stripeApi: StripeApi): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'https://keyhaven.example',
    MAIL_TRANSPORT: 'outbox',
    ...stripeEnv(stripeApi),
  };
}
