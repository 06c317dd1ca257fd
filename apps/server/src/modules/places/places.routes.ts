import { ZPlaceList, ZPlacesQuery } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { getGazetteer } from './gazetteer.js';

/** As many suggestions as an address field can show without scrolling. */
const SUGGESTIONS = 10;

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/places',
    {
      config: { access: 'public' },
      schema: {
        tags: ['places'],
        summary:
          'Cities whose name starts with q (any case, accents optional), the 10 most populous first',
        querystring: ZPlacesQuery,
        response: { 200: ZPlaceList, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // The gazetteer changes only with a new release: a browser may reuse an answer for a day.
      reply.header('cache-control', 'public, max-age=86400');
      return getGazetteer().search(request.query.q, SUGGESTIONS);
    },
  );
};
