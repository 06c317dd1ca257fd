import { ZHealthResponse, ZReadyResponse } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is up',
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
          'Ready to serve requests, or 503 (the database does not answer, or, on a database server, the listing cache is still warming as the server starts: at most 30 s)',
        response: { 200: ZReadyResponse, ...errorResponses(503) },
      },
    },
    // Anyone can call this: it says ready or not, never what the service runs on. The log says why.
    async (request) => {
      try {
        await app.database.ping();
      } catch (err) {
        request.log.warn({ err }, 'database ping failed');
        throw new AppError('UNAVAILABLE', 'Not ready');
      }
      if (!app.listingCacheWarm()) {
        request.log.info('the listing cache is still warming');
        throw new AppError('UNAVAILABLE', 'Not ready');
      }
      return { status: 'ok' as const };
    },
  );
};
