import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  announceListingEvents,
  SAVED_HOME_ALERTS_CRON,
  SAVED_HOME_ALERTS_QUEUE,
} from '../../modules/saved-homes/saved-home-alerts.js';
import { declaresListingChanges } from './listing-cache.js';

/*
 * Buyers hear of the homes they saved as those change. The database writes each change as an
 * event (migration 0021); a request that may have changed a listing (its route declares
 * `changesListings`) sends the job that tells them once it has answered, so they hear within
 * moments, and the job also runs every minute for changes no request made (an offer that lapsed,
 * a change by SQL). Telling is keyed by event, so the job running twice, or on two instances at
 * once, tells nobody twice. Needs `app.jobs` and `app.notifications`.
 */
export const savedHomeAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.handle(SAVED_HOME_ALERTS_QUEUE, async () => {
      await announceListingEvents(app);
    });
    app.jobs.schedule(SAVED_HOME_ALERTS_QUEUE, SAVED_HOME_ALERTS_CRON);
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode >= 400 || !declaresListingChanges(request.routeOptions.config)) return;
      await app.jobs
        .send(SAVED_HOME_ALERTS_QUEUE, {}, { key: randomUUID() })
        .catch((error) =>
          request.log.warn({ err: error }, 'saved-home alerts not sent; the minute job tells them'),
        );
    });
  },
  { name: 'saved-home-alerts', dependencies: ['jobs', 'notifications'] },
);
