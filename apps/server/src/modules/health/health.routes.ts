import { ZHealthResponse, ZReadyResponse } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { NOT_READY_RETRY_AFTER_SECONDS } from '../../lib/instance-server.js';
import { imagePipelineFor } from '../uploads/image-pipeline.js';

/** How long /readyz waits for each service: a load balancer's check gives up soon after. */
const CHECK_TIMEOUT_MS = 1000;

/** Resolves when `answer` does within the time allowed, rejects otherwise. */
async function within(answer: (signal: AbortSignal) => Promise<void>) {
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  await Promise.race([answer(signal), timedOut]);
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = imagePipelineFor(app.config);
  // What this instance cannot serve without: Redis and the object store only when configured
  // (without them the counters live in memory and the files on disk, which always answer).
  const services: Array<{ name: string; answer: (signal: AbortSignal) => Promise<void> }> = [
    { name: 'database', answer: () => app.database.ping() },
  ];
  if (app.config.redisUrl) services.push({ name: 'redis', answer: () => app.counters.ping() });
  if (app.config.storage.driver === 's3') {
    services.push({ name: 'object store', answer: (signal) => storage.ping(signal) });
  }

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is up (also while it starts)',
        response: { 200: ZHealthResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Ready to serve requests, or 503 with Retry-After: while the server starts (opening and migrating its database, "Starting"), once it is stopping ("Stopping"), when the database, Redis (REDIS_URL) or the object store (STORAGE_DRIVER=s3) does not answer within a second, or, on a database server, while the listing cache is still warming as the server starts (at most 30 s)',
        response: { 200: ZReadyResponse, ...errorResponses(503) },
      },
    },
    // Anyone can call this: it says ready or not, never what the service runs on. The log says why.
    async (request, reply) => {
      reply.header('retry-after', String(NOT_READY_RETRY_AFTER_SECONDS));
      if (app.leaving.started) throw new AppError('UNAVAILABLE', 'Stopping');
      const outcomes = await Promise.allSettled(services.map(({ answer }) => within(answer)));
      let answered = true;
      outcomes.forEach((outcome, index) => {
        if (outcome.status === 'fulfilled') return;
        answered = false;
        const service = services[index]?.name;
        request.log.warn({ err: outcome.reason, service }, `${service} does not answer`);
      });
      if (!answered) throw new AppError('UNAVAILABLE', 'Not ready');
      if (!app.listingCacheWarm()) {
        request.log.info('the listing cache is still warming');
        throw new AppError('UNAVAILABLE', 'Not ready');
      }
      reply.removeHeader('retry-after');
      return { status: 'ok' as const };
    },
  );
};
