import { ZFailedJobsPage, ZPageQuery } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { listFailedJobs } from './failed-jobs.service.js';

export const failedJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/failed-jobs',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Jobs that failed their last try (dead letters), newest first (admin): e-mails not sent, alerts not made',
        querystring: ZPageQuery,
        response: { 200: ZFailedJobsPage, ...errorResponses(401, 403) },
      },
    },
    async (request) => listFailedJobs(app.db, request.query.page, request.query.limit),
  );
};
