import { type Property, ZProperty } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import { sharedListing } from './properties.service.js';
import { sharedViews } from './property-view.js';

/**
 * A public listing (approved, its agent in good standing) as every viewer sees it, read once and
 * kept in the per-process listing cache with its answer already serialised; null when the listing
 * is not public or does not exist. Every listing change empties the cache.
 */
export function cachedPublicListing(app: FastifyInstance, id: string) {
  return app.listingCache.listings.get(id, async () => {
    const listing = await sharedListing(app.db, id);
    if (!listing) return null;
    const [view] = sharedViews(listing);
    return { ...listing, body: Buffer.from(JSON.stringify(ZProperty.encode(view as Property))) };
  });
}
