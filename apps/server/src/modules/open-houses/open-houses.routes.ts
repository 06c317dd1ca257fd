import {
  OPEN_HOUSE_LIMITS,
  OPEN_HOUSE_MESSAGES,
  ZAddOpenHouseRequest,
  ZMessageResponse,
  ZOpenHouse,
  ZOpenHouseList,
  ZOpenHouseParams,
  ZPropertyIdParams,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perAccount } from '../../lib/account-rate-limit.js';
import { errorResponses } from '../../lib/error-responses.js';
import { queueOpenHouseMatch } from '../saved-searches/saved-search-alerts.js';
import {
  addOpenHouse,
  listOpenHouses,
  openHouseCalendar,
  removeOpenHouse,
} from './open-houses.service.js';

const VISIBILITY =
  'Its agent and admins see them always; everyone else while the listing is approved, its agent not marked as fraud and it is not sold (else 404).';

export const openHousesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/properties/:id/open-houses',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['open-houses'],
        summary:
          'A listing’s upcoming open houses, soonest first, with the time zone its map position gives (null without one)',
        description: VISIBILITY,
        params: ZPropertyIdParams,
        response: { 200: ZOpenHouseList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await request.requireUser();
      return listOpenHouses(app.db, viewer, request.params.id);
    },
  );

  app.post(
    '/api/properties/:id/open-houses',
    {
      config: {
        access: ['agent'],
        rateLimit: perAccount(app, 'openHouse'),
        changesListings: { listingParam: 'id' },
      },
      schema: {
        tags: ['open-houses'],
        summary: `Add an open house to the agent’s own listing: a date and start and end times on the home’s wall clock (its map position’s time zone, else the \`timeZone\` given); not sold, in the future, within ${OPEN_HOUSE_LIMITS.maxDaysAhead} days, at most ${OPEN_HOUSE_LIMITS.maxHours} hours, at most ${OPEN_HOUSE_LIMITS.maxUpcomingPerListing} upcoming, none overlapping`,
        description:
          'An open house on a Saturday or Sunday alerts the saved searches for “Open house this weekend” that the listing newly matches, from the Monday (UTC) before its weekend.',
        params: ZPropertyIdParams,
        body: ZAddOpenHouseRequest,
        response: { 201: ZOpenHouse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const agent = await request.requireUser();
      const added = await addOpenHouse(app.db, agent.id, request.params.id, request.body, {
        whenAdded: (tx, openHouse) => queueOpenHouseMatch(app.jobs, tx, openHouse),
      });
      return reply.code(201).send(added);
    },
  );

  app.delete(
    '/api/properties/:id/open-houses/:openHouseId',
    {
      config: {
        access: ['agent'],
        rateLimit: perAccount(app, 'openHouse'),
        changesListings: { listingParam: 'id' },
      },
      schema: {
        tags: ['open-houses'],
        summary: 'Remove an open house of the agent’s own listing',
        params: ZOpenHouseParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      await removeOpenHouse(app.db, agent.id, request.params.id, request.params.openHouseId);
      return { message: OPEN_HOUSE_MESSAGES.removed };
    },
  );

  app.get(
    '/api/properties/:id/open-houses/:openHouseId/calendar.ics',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['open-houses'],
        summary:
          'One open house as an iCalendar file (METHOD:PUBLISH, times in UTC, a UID of its own) to add to a calendar',
        description: VISIBILITY,
        params: ZOpenHouseParams,
        produces: ['text/calendar'],
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser();
      const { id, openHouseId } = request.params;
      // Sent as bytes, as the file is: the schema documents it as text, unserialised.
      const file = await openHouseCalendar(app.db, viewer, id, openHouseId, app.config);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="open-house-${openHouseId}.ics"`)
        .send(Buffer.from(file) as unknown as string);
    },
  );
};
