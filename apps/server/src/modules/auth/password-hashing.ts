import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { createWorkQueue } from '../uploads/work-queue.js';

/** Node's thread pool, where scrypt runs: four threads unless UV_THREADPOOL_SIZE says otherwise. */
const THREAD_POOL_SIZE = 4;

/**
 * better-auth's own scrypt hashing, one password at a time per core. A hash holds 32 MB and a
 * core for its whole run, and Node's thread pool would run four at once whatever the cores: on a
 * two-core server a burst of sign-ins then held 128 MB for no more sign-ins a second. The others
 * wait their turn; the login throttle bounds how many can be waiting for one account or address.
 */
export function createPasswordHashing(cores = availableParallelism()) {
  const turns = createWorkQueue({
    concurrency: Math.max(1, Math.min(cores, THREAD_POOL_SIZE)),
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
