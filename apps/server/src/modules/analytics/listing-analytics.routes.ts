import {
  ZAnalyticsQuery,
  ZListingAnalytics,
  ZListingAnalyticsPage,
  ZListingAnalyticsQuery,
  ZPropertyIdParams,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.js';
import { cachedPublicListing } from '../listing-search/index.js';
import { listingAnalytics, listingAnalyticsTable } from './listing-analytics.service.js';
import { isRobot } from './listing-views.js';

export const listingAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/properties/:id/views',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['analytics'],
        summary: 'The caller opened a listing’s details page: one view for its agent’s analytics',
        description:
          'Answers 204 whether or not the visit counts. It counts once per viewer, listing and UTC day, for a public listing only, and never for its own agent, an admin, or a robot (by its User-Agent). Counted visits are written behind the request, within a few seconds.',
        params: ZPropertyIdParams,
        response: { 204: z.null().describe('No body'), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser();
      const { id } = request.params;
      if (
        app.listingViews.enabled &&
        viewer.role !== 'admin' &&
        viewer.role !== 'fraud' &&
        !isRobot(request.headers['user-agent'])
      ) {
        const listing = await cachedPublicListing(app, id);
        const agentId = listing?.agentId;
        if (agentId && agentId !== viewer.id) app.listingViews.record(id, viewer.id);
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/agent/analytics',
    {
      config: { access: ['agent'] },
      schema: {
        tags: ['analytics'],
        summary:
          'How the caller’s listings did over the last 7, 30 or 90 days, against the period before (agents)',
        description:
          'Totals of details-page views, wish-list saves, offers made, offers accepted and sales paid, for the period (the last `period` UTC days, today included) and the period just before; views and saves for every day of the period, oldest first; and how many listings the caller has.',
        querystring: ZAnalyticsQuery,
        response: { 200: ZListingAnalytics, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const agent = await request.requireRole('agent');
      return listingAnalytics(app.db, agent.id, request.query.period, new Date());
    },
  );

  app.get(
    '/api/agent/analytics/listings',
    {
      config: { access: ['agent'] },
      schema: {
        tags: ['analytics'],
        summary:
          'The caller’s listings with their figures for the period, sorted and paged (agents)',
        description:
          'Each listing with its views, saves, offers, accepted offers and sales in the period, its days on the market (since it was listed, until its sale if it sold) and its price per square foot (the middle of its price range; null without an area). Sorted by `sort` in `order` (ties by title, then id); `total` counts all the caller’s listings.',
        querystring: ZListingAnalyticsQuery,
        response: { 200: ZListingAnalyticsPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const agent = await request.requireRole('agent');
      return listingAnalyticsTable(app.db, agent.id, request.query, new Date());
    },
  );
};
