import { randomUUID } from 'node:crypto';
import { cardOf, type ListingFields, type Property, ZProperty } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import type { CachedListing } from './listing-cache.js';
import { sharedListing, sharedListingsOf } from './properties.service.js';
import { type SharedListings, sharedViews } from './property-view.js';

/** This process's encodings are named by it and a count (see CachedListing). */
const processName = randomUUID();
let encodings = 0;

/** A public listing as anyone sees it, serialised and encoded once (see CachedListing). */
function encoded(listing: SharedListings): CachedListing {
  const [view] = sharedViews(listing) as [Property];
  encodings += 1;
  return {
    rows: listing.sales.size > 0 ? listing.rows : [],
    sales: listing.sales,
    body: Buffer.from(JSON.stringify(ZProperty.encode(view))),
    encoding: `${processName}:${encodings}`,
    agentId: view.creatorUID,
    available: view.availability === 'Available',
  };
}

/**
 * A public listing (approved, its agent in good standing) as every viewer sees it, read once and
 * kept in the per-process listing cache with its answer already serialised; null when the listing
 * is not public or does not exist. Every listing change empties the cache.
 */
export function cachedPublicListing(app: FastifyInstance, id: string) {
  return app.listingCache.listings.get(id, async () => {
    const listing = await sharedListing(app.db, id);
    return listing ? encoded(listing) : null;
  });
}

/**
 * The public listings of `ids` (a page the map index chose) as cachedPublicListing gives each,
 * those the cache does not hold read in one query; in the order of `ids`, those no longer public
 * left out.
 */
export async function cachedPublicListings(
  app: FastifyInstance,
  ids: string[],
  fields: ListingFields,
): Promise<CachedListing[]> {
  const listings = await app.listingCache.listings.getMany(ids, async (missing) => {
    const found = await sharedListingsOf(app.db, missing);
    return new Map(
      missing.map((id) => [id, found.has(id) ? encoded(found.get(id) as SharedListings) : null]),
    );
  });
  if (fields === 'card') {
    listings.forEach((listing, i) => {
      if (!listing || listing.card) return;
      // Made from the listing's own encoding, so the card says exactly what its details say.
      listing.card = Buffer.from(JSON.stringify(cardOf(JSON.parse(listing.body.toString()))));
      app.listingCache.listings.grew(ids[i] as string, listing.card.length);
    });
  }
  return listings.filter((listing): listing is CachedListing => !!listing);
}
