import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram } from 'prom-client';
import type { DatabaseHandle } from '../../db/client.js';
import { AppMetrics } from '../../lib/app-metrics.js';
import { metricsRoutes } from '../../modules/health/metrics.routes.js';
import { type JobQueueStats, jobQueueStats } from '../../modules/jobs/job-queue-stats.js';
import { imagePipelineFor } from '../../modules/uploads/image-pipeline.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: each part adds what it measures; /metrics shows them (METRICS_TOKEN). */
    metrics: AppMetrics;
  }
}

/** Prometheus's default process figures, named as ours are. */
const DEFAULT_METRICS_PREFIX = 'keyhaven_';
/** The route label of a request no route took (an unknown API address): one series for all. */
const UNMATCHED_ROUTE = '(unmatched)';
/** How long a scrape waits for the job queue's figures: a slow database must not hang it. */
const JOB_STATS_TIMEOUT_MS = 2000;
/** Request durations, in seconds: from a cached page (a few ms) to a slow upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/*
 * Decorates `app.metrics`, which every part of the app adds its figures to, and, with
 * METRICS_TOKEN set, measures what the whole app does (requests, the database pool, the job
 * queue, the image queue, the process) and answers /metrics. Without the token nothing is
 * measured per request and /metrics does not exist.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = new AppMetrics();
    app.decorate('metrics', metrics);
    const token = app.config.metricsToken;
    if (!token) return;

    collectDefaultMetrics({ register: metrics.registry, prefix: DEFAULT_METRICS_PREFIX });
    measureRequests(app, metrics);
    measureDatabasePool(metrics, app.database);
    measureJobQueue(app, metrics);
    measureImageQueue(app, metrics);
    countListingCacheLookups(app, metrics);
    await app.register(metricsRoutes, { token });
  },
  { name: 'metrics' },
);

/** Every answer, by method, route pattern (never the address asked for) and status. */
function measureRequests(app: FastifyInstance, { registry }: AppMetrics) {
  const requests = new Counter({
    name: 'keyhaven_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'keyhaven_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method, route pattern and status class (2xx, 4xx, 5xx...).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status_code: status });
    durations.observe(
      { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
}

/** The queue of images to decode, shared by uploads and profile pictures. */
function measureImageQueue(app: FastifyInstance, { registry }: AppMetrics) {
  const images = imagePipelineFor(app.config).queue;
  new Gauge({
    name: 'keyhaven_image_queue_waiting',
    help: 'Images waiting for a turn to be decoded; uploads are refused (503) once IMAGE_QUEUE_LENGTH wait.',
    registers: [registry],
    collect() {
      this.set(images.waiting);
    },
  });
  new Gauge({
    name: 'keyhaven_image_queue_running',
    help: 'Images being decoded now (at most IMAGE_WORKERS).',
    registers: [registry],
    collect() {
      this.set(images.running);
    },
  });
}

/**
 * Each listing cache's hits and misses, read from the caches at scrape time (the listing cache
 * plugin comes after this one): the hit ratio of public search pages, facet counts, signed-in
 * catalogue pages, listing details and estimates.
 */
function countListingCacheLookups(app: FastifyInstance, { registry }: AppMetrics) {
  new Counter({
    name: 'keyhaven_listing_cache_lookups_total',
    help: 'Lookups in the listing caches (pages: public search, counts, catalogue: signed-in pages, listings: details, estimates: comparables and estimates) by result: hit, or miss (read from the database).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const { pages, counts, catalogue, listings, estimates } = app.listingCache;
      const caches = { pages, counts, catalogue, listings, estimates };
      for (const [cache, { lookups }] of Object.entries(caches)) {
        this.inc({ cache, result: 'hit' }, lookups.hits);
        this.inc({ cache, result: 'miss' }, lookups.misses);
      }
    },
  });
}

/** A database server's connection pool (the embedded database has none, so shows none). */
function measureDatabasePool({ registry }: AppMetrics, database: DatabaseHandle) {
  const poolStats = database.poolStats;
  if (!poolStats) return;
  new Gauge({
    name: 'keyhaven_db_pool_connections',
    help: "This instance's PostgreSQL connections, in use or idle.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = poolStats();
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'keyhaven_db_pool_max_connections',
    help: 'The connections the pool may open.',
    registers: [registry],
    collect() {
      this.set(poolStats().max);
    },
  });
  new Gauge({
    name: 'keyhaven_db_pool_waiting_queries',
    help: 'Queries waiting for a free connection: above 0 for long, the pool is too small or the database too slow.',
    registers: [registry],
    collect() {
      this.set(poolStats().waiting);
    },
  });
}

/** The job queue's backlog, read with one query per scrape. */
function measureJobQueue(app: FastifyInstance, metrics: AppMetrics) {
  const { registry } = metrics;
  const queued = new Gauge({
    name: 'keyhaven_job_queue_queued',
    help: 'Jobs due to run and not started yet, per queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'keyhaven_job_queue_oldest_queued_seconds',
    help: 'How long the longest-waiting due job of each queue has waited.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const failed = new Gauge({
    name: 'keyhaven_job_queue_failed',
    help: 'Jobs that failed their last try and wait in the admins’ failed jobs list, per queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  metrics.beforeScrape(async () => {
    // Figures that could not be read go out empty rather than stale: their absence is the alert.
    for (const gauge of [queued, oldest, failed]) gauge.reset();
    let stats: JobQueueStats[];
    try {
      stats = await withTimeout(jobQueueStats(app.db), JOB_STATS_TIMEOUT_MS);
    } catch (error) {
      app.log.warn({ err: error }, 'the job queue figures could not be read for /metrics');
      return;
    }
    for (const queue of stats) {
      queued.set({ queue: queue.queue }, queue.queued);
      oldest.set({ queue: queue.queue }, queue.oldestQueuedSeconds);
      failed.set({ queue: queue.queue }, queue.failed);
    }
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
