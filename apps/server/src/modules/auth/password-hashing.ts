import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { Config } from '../../config.js';
import { createWorkQueue } from '../uploads/work-queue.js';

/** Node's thread pool, where scrypt runs: four threads unless UV_THREADPOOL_SIZE says otherwise. */
const THREAD_POOL_SIZE = 4;

/**
 * better-auth's own scrypt hashing, at most `atOnce` passwords at a time: a server gives one a
 * core. A hash holds 32 MB and a core for its whole run, and Node's thread pool would run four at
 * once whatever the cores: on a two-core server a burst of sign-ins then held 128 MB for no more
 * sign-ins a second. The others wait their turn; the login throttle bounds how many can be
 * waiting for one account or address.
 */
export function createPasswordHashing(atOnce: number) {
  const turns = createWorkQueue({
    concurrency: Math.max(1, Math.min(atOnce, THREAD_POOL_SIZE)),
    maxWaiting: Number.POSITIVE_INFINITY,
  });
  return {
    hash: (password: string) => turns.run(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => turns.run(() => verifyPassword(data)),
    /** Hashes running and waiting now. */
    get running() {
      return turns.running;
    },
    get waiting() {
      return turns.waiting;
    },
  };
}

/**
 * How many passwords a server hashes at once: one a core, but the embedded server one in all. It
 * is one small process whose memory is its budget, so a burst of sign-ins waits its turn there
 * rather than holding 32 MB a core.
 */
export const passwordHashesAtOnce = (database: Config['database']) =>
  database.driver === 'pglite' ? 1 : availableParallelism();
