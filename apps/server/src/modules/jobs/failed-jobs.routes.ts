import { ZFailedJobsPage, ZMessageResponse, ZPageQuery } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.js';
import { FAILED_JOB_MESSAGES, listFailedJobs, runFailedJobAgain } from './failed-jobs.service.js';

const ZFailedJobParams = z.object({ id: z.uuid() });

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

  app.post(
    '/api/admin/failed-jobs/:id/run-again',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Give a job that failed for good one more try (admin): it leaves the list and runs again shortly; failing again lists it again',
        params: ZFailedJobParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await request.requireRole('admin');
      await runFailedJobAgain(app.db, app.jobs, admin, request.params.id);
      return { message: FAILED_JOB_MESSAGES.queued };
    },
  );
};
