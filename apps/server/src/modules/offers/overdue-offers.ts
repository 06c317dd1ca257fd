import type { FastifyInstance } from 'fastify';
import { forgetListings } from '../listing-search/index.js';
import { offersEndedUnpaid } from '../notifications/notification-events.js';
import { expireAtProvider } from '../payments/payments.service.js';
import { lapseOverdueOffers } from './offers.service.js';

/**
 * Lapses the accepted offers whose payment deadline has passed (every listing's, or one
 * listing's before a decision that depends on it), closes their checkouts at the provider,
 * empties the listing caches of those homes so lists show them Available at once, and tells each buyer and
 * agent (queued with each lapse, so a lapsed offer is never left untold).
 */
export async function sweepOverdueOffers(
  app: FastifyInstance,
  now = new Date(),
  propertyId?: string,
) {
  const { reofferedListingIds, closedSessions } = await lapseOverdueOffers(
    app.db,
    now,
    propertyId,
    async (tx, offerId) =>
      app.notifications.queue(tx, await offersEndedUnpaid(tx, { offerIds: [offerId] })),
  );
  if (reofferedListingIds.length > 0) forgetListings(app.listingCache, reofferedListingIds);
  await expireAtProvider(app.paymentProvider, closedSessions);
}
