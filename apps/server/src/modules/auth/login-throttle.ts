import { AUTH_MESSAGES } from '@keyhaven/shared';
import { AppError } from '../../lib/app-error.js';
import type { CounterStore } from '../../lib/counter-store.js';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 10;

/**
 * Counts failed sign-ins per account and per client address over 15 minutes; after ten
 * failures on either, further attempts are refused until the window passes.
 */
export function createLoginThrottle(store: CounterStore) {
  const keys = (email: string, address: string) => [
    `login-failures:account:${email.toLowerCase()}`,
    `login-failures:address:${address}`,
  ];

  return {
    async assertAllowed(email: string, address: string) {
      const counts = await Promise.all(keys(email, address).map((key) => store.count(key)));
      if (counts.some((count) => count >= MAX_FAILURES)) {
        throw new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyAttempts);
      }
    },
    async recordFailure(email: string, address: string) {
      await Promise.all(keys(email, address).map((key) => store.hit(key, WINDOW_MS)));
    },
    async recordSuccess(email: string) {
      const [accountKey] = keys(email, '');
      if (accountKey) await store.reset(accountKey);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
