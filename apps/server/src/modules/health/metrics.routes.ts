import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';

/** Digests of equal length, so comparing them takes the same time whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * /metrics, for a Prometheus scraper holding METRICS_TOKEN (registered only when it is set).
 * Open to the internet like every route, so the token, not the session, decides: a wrong one
 * is told 401 and learns nothing of how close it came.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, { token }) => {
  const expected = digest(`Bearer ${token}`);
  app.get(
    '/metrics',
    {
      // No session: the scraper's bearer token is checked before anything else runs.
      config: { access: 'public' },
      onRequest: async (request, reply) => {
        const given = digest(String(request.headers.authorization ?? ''));
        if (!timingSafeEqual(given, expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw unauthenticated('Send the metrics token as Authorization: Bearer <METRICS_TOKEN>');
        }
      },
      schema: {
        tags: ['health'],
        summary:
          "This instance's metrics in the Prometheus text format (requests, database pool, job and image queues, live streams, caches, process); needs Authorization: Bearer <METRICS_TOKEN>, and exists only when METRICS_TOKEN is set",
        security: [{ bearer: [] }],
        response: {
          200: { content: { 'text/plain': { schema: z.string() } } },
          ...errorResponses(401),
        },
      },
    },
    async (_request, reply) => {
      const text = await app.metrics.scrape();
      return reply.header('cache-control', 'no-store').type(app.metrics.contentType).send(text);
    },
  );
};
