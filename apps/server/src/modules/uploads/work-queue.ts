import { IMAGE_MESSAGES } from '@keyhaven/shared';
import { AppError } from '../../lib/app-error.js';

/** How long a refused client is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** The queue is full: the caller answers 503 with a Retry-After header. */
export class QueueFullError extends AppError {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS;

  constructor() {
    super('UNAVAILABLE', IMAGE_MESSAGES.busy);
  }
}

/** One account already has its image decoding and its places in the line: 429 to that account. */
export class UploadsInProgressError extends AppError {
  constructor() {
    super('RATE_LIMITED', IMAGE_MESSAGES.inProgress);
  }
}

export interface WorkQueueOptions {
  /** Jobs that may run at the same time. */
  concurrency: number;
  /** Jobs that may wait for a turn; one more is refused with `QueueFullError`. */
  maxWaiting: number;
  /**
   * Jobs of one owner (an account) that may wait while one of theirs runs; one more is refused
   * with `UploadsInProgressError`. Two unless said.
   */
  waitingPerOwner?: number;
}

export interface WorkQueue {
  /**
   * Runs the job when a turn comes, or refuses it at once: `UploadsInProgressError` when its
   * owner has their allowance in the queue, `QueueFullError` when the queue is full. A job with
   * an owner never runs beside another of the same owner's; one without (the server's own work)
   * only waits its turn.
   */
  run<T>(job: () => Promise<T>, owner?: string): Promise<T>;
  /** Why a job of this owner submitted now would be refused, or undefined if it would not. */
  refusal(owner?: string): AppError | undefined;
  /** Whether a job without an owner submitted now would be refused. */
  readonly full: boolean;
  readonly running: number;
  readonly waiting: number;
}

interface Waiting {
  owner: string | undefined;
  start: () => void;
}

/**
 * At most `concurrency` jobs at a time and a bounded line behind them. Image decoding takes a
 * core and tens of megabytes per image: without a bound, a burst of uploads takes the memory and
 * the processor from every other request. Workers are shared fairly between accounts: one
 * account has at most one image decoding and `waitingPerOwner` waiting, and a free worker takes
 * the first waiting job whose owner has none running, so one account's burst never makes another
 * account's upload wait behind all of it, nor be refused.
 */
export function createWorkQueue({
  concurrency,
  maxWaiting,
  waitingPerOwner = 2,
}: WorkQueueOptions): WorkQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`concurrency must be a positive integer, not ${concurrency}`);
  }
  let running = 0;
  const line: Waiting[] = [];
  /** Each owner's jobs in the queue, running or waiting. */
  const held = new Map<string, { running: number; total: number }>();
  const holding = (owner: string | undefined) =>
    owner === undefined ? undefined : held.get(owner);
  const mayStart = (owner: string | undefined) => !holding(owner)?.running;

  function next() {
    if (running >= concurrency) return;
    const at = line.findIndex((waiting) => mayStart(waiting.owner));
    if (at >= 0) line.splice(at, 1)[0]?.start();
  }

  async function start<T>(job: () => Promise<T>, owner: string | undefined): Promise<T> {
    running += 1;
    const own = holding(owner);
    if (own) own.running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      if (own) {
        own.running -= 1;
        own.total -= 1;
        if (own.total === 0 && owner !== undefined) held.delete(owner);
      }
      next();
    }
  }

  const full = () => running >= concurrency && line.length >= maxWaiting;
  const refusal = (owner?: string) => {
    if ((holding(owner)?.total ?? 0) > waitingPerOwner) return new UploadsInProgressError();
    return full() ? new QueueFullError() : undefined;
  };

  return {
    run(job, owner) {
      const refused = refusal(owner);
      if (refused) return Promise.reject(refused);
      if (owner !== undefined) {
        const own = held.get(owner) ?? { running: 0, total: 0 };
        own.total += 1;
        held.set(owner, own);
      }
      if (running < concurrency && mayStart(owner)) return start(job, owner);
      if (line.length >= maxWaiting) {
        // Room to run but not beside its owner's running job, and no room to wait.
        const own = holding(owner);
        if (own) own.total -= 1;
        return Promise.reject(new QueueFullError());
      }
      return new Promise((resolve, reject) => {
        line.push({
          owner,
          start: () => {
            start(job, owner).then(resolve, reject);
          },
        });
      });
    },
    refusal,
    get full() {
      return full();
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
