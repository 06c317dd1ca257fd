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

export interface WorkQueueOptions {
  /** Jobs that may run at the same time. */
  concurrency: number;
  /** Jobs that may wait for a turn; one more is refused with `QueueFullError`. */
  maxWaiting: number;
}

export interface WorkQueue {
  /** Runs the job when a turn comes, or refuses it at once (`QueueFullError`) when full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Whether a job submitted now would be refused. */
  readonly full: boolean;
  readonly running: number;
  readonly waiting: number;
}

/**
 * At most `concurrency` jobs at a time and a bounded line behind them. Image decoding takes a
 * core and tens of megabytes per image: without a bound, a burst of uploads takes the memory and
 * the processor from every other request.
 */
export function createWorkQueue({ concurrency, maxWaiting }: WorkQueueOptions): WorkQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`concurrency must be a positive integer, not ${concurrency}`);
  }
  let running = 0;
  const line: (() => void)[] = [];

  async function start<T>(job: () => Promise<T>): Promise<T> {
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      line.shift()?.();
    }
  }

  return {
    run(job) {
      if (running < concurrency) return start(job);
      if (line.length >= maxWaiting) return Promise.reject(new QueueFullError());
      return new Promise((resolve, reject) => {
        line.push(() => {
          start(job).then(resolve, reject);
        });
      });
    },
    get full() {
      return running >= concurrency && line.length >= maxWaiting;
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
