import {
  type Property,
  ZAnalyticsQuery,
  ZListingAnalytics,
  ZListingAnalyticsPage,
  ZListingAnalyticsQuery,
  ZProperty,
  ZPropertyIdParams,
} from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.js';
import { sharedListing } from '../properties/properties.service.js';
import { sharedViews } from '../properties/property-view.js';
import { listingAnalytics, listingAnalyticsTable } from './listing-analytics.service.js';
import { isRobot } from './listing-views.js';

/**
 * The public listing behind an id, from the same per-process cache entry the details route keeps
 * (the page's own request has just filled it), so counting a visit costs no query; null when the
 * listing is not public (pending, rejected, its agent marked as fraud) or does not exist.
 */
function publicListing(app: FastifyInstance, id: string) {
  return app.listingCache.listings.get(id, async () => {
    const listing = await sharedListing(app.db, id);
    if (!listing) return null;
    const [view] = sharedViews(listing);
    return { ...listing, body: Buffer.from(JSON.stringify(ZProperty.encode(view as Property))) };
  });
}

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
        const listing = await publicListing(app, id);
        const agentId = listing?.rows[0]?.property.agentId;
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
