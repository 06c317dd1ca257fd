import { AUTH_MESSAGES } from '@keyhaven/shared';
import { AppError } from '../../lib/app-error.js';
import type { CounterStore } from '../../lib/counter-store.js';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 10;

/**
 * Counts failed sign-ins per account and per client address over 15 minutes; after ten
 * failures on either, further attempts are refused until the window passes.
 *
 * An attempt is counted before its password is checked, and given back when it succeeds: a
 * check-then-count throttle lets every guess sent at the same moment through.
 */
export function createLoginThrottle(store: CounterStore) {
  const accountKey = (email: string) => `login-failures:account:${email.toLowerCase()}`;
  const addressKey = (address: string) => `login-failures:address:${address}`;

  return {
    /** Counts the attempt as a failure until it succeeds; refuses it past the limit. */
    async begin(email: string, address: string) {
      const keys = [accountKey(email), addressKey(address)];
      const counts = await Promise.all(keys.map((key) => store.hit(key, WINDOW_MS)));
      if (counts.some((count) => count > MAX_FAILURES)) {
        // A refused attempt checked no password: it is given back, so a burst of refusals does
        // not keep the account or address locked longer than its real failures warrant.
        await Promise.all(keys.map((key) => store.decrement(key)));
        throw new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyAttempts);
      }
    },
    /** A right password clears the account's failures and gives back the address's count. */
    async succeeded(email: string, address: string) {
      await Promise.all([store.reset(accountKey(email)), store.decrement(addressKey(address))]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
