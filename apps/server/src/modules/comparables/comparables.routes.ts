import { ZListingEstimate, ZPropertyIdParams } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { listingEstimate } from './comparables.service.js';

export const comparablesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/properties/:id/estimate',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['comparables'],
        summary:
          'A listing’s comparable homes (up to 6 of its type nearby: sold, then for sale when too few) and its Keyhaven Estimate (decision 056)',
        description:
          'Its agent and admins see it always; everyone else while the listing is approved and its agent not marked as fraud (else 404). No comparable carries anything of its buyer. `unavailable` is `no-position` for a listing without a map position; `estimate` is null when fewer than 3 similar homes sold nearby.',
        params: ZPropertyIdParams,
        response: { 200: ZListingEstimate, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await request.requireUser();
      return listingEstimate(app.db, viewer, request.params.id, app.listingCache.estimates);
    },
  );
};
