import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type JobWithMetadata,
  PgBoss,
  type QueueOptions,
} from 'pg-boss';
import type { Database, DatabaseHandle, Executor } from '../../db/client.js';
import { failedJobs } from '../../db/schema.js';

export interface JobQueue {
  /**
   * Queues a job. `key` is its idempotency key: sending the same key again adds no second job.
   * Inside a transaction pass it as `tx`: the job is queued only if it commits (and on the
   * embedded database a send outside the open transaction would wait for it forever).
   */
  send(queue: string, data: object, options: SendOptions): Promise<void>;
  /** Registers a queue's handler (at plugin registration). Retries with backoff; after the last retry the job is recorded in failed_jobs. */
  handle<T>(
    queue: string,
    handler: JobHandler<T>,
    options?: {
      retryLimit?: number /** 0: retry at once, without backoff. */;
      retryDelaySeconds?: number;
    },
  ): void;
  /**
   * Gives a job that failed for good one more try, inside the caller's transaction: the same job
   * while the queue still keeps it, else its work sent anew. Says when neither could be done: it
   * is already queued again or done, or no handler of this app runs its kind any more.
   */
  runAgain(failed: FailedJobToRun, tx: Executor): Promise<RunAgainOutcome>;
  /** Runs a handler every day at a time (cron, UTC), e.g. the saved-search digest. */
  schedule(queue: string, cron: string): void;
  /** For tests: runs every due job of every queue in this process (and jobs they queue) until none is left. */
  drain(): Promise<void>;
}

export interface SendOptions {
  key: string;
  startAfter?: Date;
  tx?: Executor;
}

export type RunAgainOutcome = 'queued' | 'already-queued' | 'kind-not-run';

/** What a dead letter keeps of its job, enough to run it again. */
export interface FailedJobToRun {
  queue: string;
  jobId: string;
  key: string | null;
  data: object;
}

export type JobHandler<T> = (data: T, job: { id: string; attempt: number }) => Promise<void>;

/** What a job holds in pg-boss: its idempotency key beside the handler's data. */
interface Envelope {
  key: string | null;
  data: object;
}

interface Registration {
  handler: JobHandler<never>;
  options: QueueOptions;
}

/*
 * A failed job is tried again 5 times, waiting about 30 s, 1 min, 2 min, 4 min and 8 min (pg-boss
 * adds jitter): long enough for an SMTP server or a restart to come back, short enough that a
 * mail still means something when it arrives.
 */
const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_RETRY_DELAY_SECONDS = 30;
const MAX_RETRY_DELAY_SECONDS = 3600;
/**
 * Connections the queue keeps to a PostgreSQL server, besides the app's pool (counted in
 * docs/DEPLOY.md's connection budget): polling, sending and upkeep take turns on them.
 */
export const JOB_QUEUE_POOL_SIZE = 3;
/** How often an idle worker asks for due jobs: a notification e-mail leaves within a second. */
const POLLING_INTERVAL_SECONDS = 0.5;
/** How long stopping waits for jobs under way before giving up on them (they run again later). */
const STOP_TIMEOUT_MS = 10_000;

/** The UUID (version 5 layout) a queue's key always maps to, so a second send of it collides. */
export function jobIdFor(queue: string, key: string): string {
  const bytes = createHash('sha1').update(`${queue}\u0000${key}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function queueOptions(options: { retryLimit?: number; retryDelaySeconds?: number }): QueueOptions {
  const retryDelay = options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS;
  return {
    retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay,
    retryBackoff: retryDelay > 0,
    ...(retryDelay > 0 ? { retryDelayMax: MAX_RETRY_DELAY_SECONDS } : {}),
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * The durable job queue on pg-boss, kept in the application's own database (schema `pgboss`,
 * created on start): jobs survive restarts, each runs on one instance, and a failed one is tried
 * again with growing waits. A job that fails its last try is written to failed_jobs for admins.
 */
export class PgBossJobQueue implements JobQueue {
  readonly #boss: PgBoss;
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;
  readonly #work: boolean;
  readonly #handlers = new Map<string, Registration>();
  readonly #schedules = new Map<string, string>();
  /** Queues known to exist in pg-boss; a job can only be sent to one that does. */
  readonly #queues = new Set<string>();
  #started = false;
  /** Queues handled after start, still being created. */
  #settingUp: Promise<void> = Promise.resolve();

  constructor(database: DatabaseHandle, options: { work: boolean; log: FastifyBaseLogger }) {
    this.#db = database.db;
    this.#log = options.log;
    this.#work = options.work;
    const connection =
      'pglite' in database.connection
        ? { db: fromPglite(database.connection.pglite), backend: 'pglite' as const }
        : {
            connectionString: database.connection.url,
            max: JOB_QUEUE_POOL_SIZE,
            connectionTimeoutMillis: database.connection.timeoutMs,
          };
    this.#boss = new PgBoss({
      ...connection,
      // Upkeep (expiring stuck jobs, deleting old ones), the daily schedules and the instance
      // registry run in processes that work jobs; the others (tests) only queue and drain them.
      supervise: options.work,
      schedule: options.work,
      registerInstance: options.work,
    });
    this.#boss.on('error', (error) => this.#log.error({ err: error }, 'job queue error'));
    // Slow queries, a backlog, clock skew: worth an operator's look, never a reason to stop.
    this.#boss.on('warning', (warning) => this.#log.warn({ data: warning.data }, warning.message));
  }

  handle<T>(
    queue: string,
    handler: JobHandler<T>,
    options: { retryLimit?: number; retryDelaySeconds?: number } = {},
  ): void {
    this.#handlers.set(queue, {
      handler: handler as JobHandler<never>,
      options: queueOptions(options),
    });
    // Handlers come at registration; one added later (a test's own queue) is set up in turn.
    if (this.#started) this.#settingUp = this.#settingUp.then(() => this.#prepare(queue));
  }

  schedule(queue: string, cron: string): void {
    if (this.#started) throw new Error(`The schedule of ${queue} must be set at registration`);
    this.#schedules.set(queue, cron);
  }

  async send(queue: string, data: object, options: SendOptions): Promise<void> {
    await this.#settingUp;
    if (!options.tx) await this.#ensureQueue(queue);
    else if (!this.#queues.has(queue)) {
      // Creating a queue inside the caller's transaction would take pg-boss's lock there.
      throw new Error(`The queue ${queue} has no handler here; send to it outside a transaction`);
    }
    const envelope: Envelope = { key: options.key, data };
    await this.#boss.send(queue, envelope, {
      id: jobIdFor(queue, options.key),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.tx ? { db: fromDrizzle(options.tx as DrizzleTransactionLike, sql) } : {}),
    });
  }

  async runAgain(failed: FailedJobToRun, tx: Executor): Promise<RunAgainOutcome> {
    await this.#settingUp;
    // A kind of work this version no longer does (its queue renamed or retired).
    if (!this.#handlers.has(failed.queue) || !this.#queues.has(failed.queue)) {
      return 'kind-not-run';
    }
    const db = fromDrizzle(tx as DrizzleTransactionLike, sql);
    // pg-boss answers how many jobs it retried, though its declared type names no field.
    const retried = (await this.#boss.retry(failed.queue, failed.jobId, { db })) as {
      affected?: number;
    };
    if ((retried.affected ?? 0) > 0) return 'queued';
    // pg-boss deletes old jobs: the work is sent again under the same key, or as itself.
    const envelope: Envelope = { key: failed.key, data: failed.data };
    const id = await this.#boss.send(failed.queue, envelope, {
      id: failed.key ? jobIdFor(failed.queue, failed.key) : failed.jobId,
      db,
    });
    return id === null ? 'already-queued' : 'queued';
  }

  /** Creates pg-boss's schema and the queues, then (when this process works jobs) its workers. */
  async start(): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    const names = [...this.#handlers.keys()];
    const existing = new Map(
      (names.length > 0 ? await this.#boss.getQueues(names) : []).map((queue) => [
        queue.name,
        queue,
      ]),
    );
    for (const queue of names) await this.#prepare(queue, existing.get(queue) ?? null);
    for (const [queue, cron] of this.#schedules) {
      await this.#ensureQueue(queue);
      await this.#boss.schedule(queue, cron, { key: null, data: {} } satisfies Envelope, {
        tz: 'UTC',
      });
    }
  }

  /** Creates a handled queue, or brings its retry settings up to date, and starts its worker. */
  async #prepare(queue: string, current?: QueueOptions | null): Promise<void> {
    const registration = this.#handlers.get(queue) as Registration;
    const { options } = registration;
    if (current === undefined) current = await this.#boss.getQueue(queue);
    if (!current) await this.#boss.createQueue(queue, options);
    else if (
      current.retryLimit !== options.retryLimit ||
      current.retryDelay !== options.retryDelay ||
      current.retryBackoff !== options.retryBackoff
    ) {
      await this.#boss.updateQueue(queue, options);
    }
    this.#queues.add(queue);
    if (!this.#work) return;
    await this.#boss.work(
      queue,
      { includeMetadata: true, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
      async ([job]: JobWithMetadata<Envelope>[]) => {
        if (job) await this.#run(registration, job);
      },
    );
  }

  /** Lets jobs under way finish (up to a limit), then lets go of the database. */
  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, close: true, timeout: STOP_TIMEOUT_MS });
  }

  async drain(): Promise<void> {
    await this.#settingUp;
    for (;;) {
      let ran = false;
      for (const [queue, registration] of this.#handlers) {
        const [job] = await this.#boss.fetch<Envelope>(queue, { includeMetadata: true });
        if (!job) continue;
        ran = true;
        try {
          await this.#run(registration, job);
          await this.#boss.complete(queue, job.id);
        } catch (error) {
          await this.#boss.fail(queue, job.id, { message: errorText(error) });
        }
      }
      if (!ran) return;
    }
  }

  /** Runs one try of a job; a failure of its last try is recorded before it is passed on. */
  async #run(registration: Registration, job: JobWithMetadata<Envelope>): Promise<void> {
    const attempt = job.retryCount + 1;
    try {
      await registration.handler(job.data.data as never, { id: job.id, attempt });
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      this.#log.warn(
        { err: error, queue: job.name, jobId: job.id, key: job.data.key, attempt },
        final ? 'job failed for good' : 'job failed; it will be tried again',
      );
      if (final) {
        await this.#db
          .insert(failedJobs)
          .values({
            queue: job.name,
            jobId: job.id,
            key: job.data.key,
            data: job.data.data as Record<string, unknown>,
            error: errorText(error),
            attempts: attempt,
          })
          .onConflictDoNothing();
      }
      throw error;
    }
  }

  async #ensureQueue(queue: string): Promise<void> {
    if (this.#queues.has(queue)) return;
    const registration = this.#handlers.get(queue);
    await this.#boss.createQueue(queue, registration?.options ?? queueOptions({}));
    this.#queues.add(queue);
  }
}
