import { hash, randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { cardOf, LIMITS, type ListingFields, type Property, ZProperty } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import { type SharedListings, sharedViews } from '../listing-views/property-view.js';
import type { CachedListing } from './listing-cache.js';
import { newestPublicListingIds, sharedListing, sharedListingsOf } from './public-listings.js';

/** This process's encodings are named by it and a count (see CachedListing). */
const processName = randomUUID();
let encodings = 0;

/*
 * What a listing without a sale keeps of its rows and sales: nothing, shared by all of them and
 * never changed, rather than an empty list and map each (tens of thousands of objects more for
 * V8 to mark in every full collection).
 */
const NO_ROWS: SharedListings['rows'] = [];
const NO_SALES: SharedListings['sales'] = new Map();

/** Where the encodings' numbers start in tagInput: after the process's name, in whole doubles. */
const TAG_NUMBERS_AT = Math.ceil(Buffer.byteLength(processName) / 8);
/**
 * The bytes an ETag is hashed from, reused by every page (one page is tagged at a time), with
 * room for the largest page a list is asked for.
 */
const tagInput = new Float64Array(TAG_NUMBERS_AT + 1 + LIMITS.maxPageSize);
Buffer.from(tagInput.buffer).write(processName);

/**
 * The ETag of a page made of `listings` as `fields`: it names their encodings, and so their
 * bytes (a card is made from its listing's encoding). One hash call over the process's name, the
 * fields and the encodings' numbers as they are held: writing them out as text first cost more
 * than the hashing.
 */
export function encodingsTag(listings: CachedListing[], fields: ListingFields) {
  const size = TAG_NUMBERS_AT + 1 + listings.length;
  if (size > tagInput.length)
    throw new Error('A page holds more listings than a list is asked for');
  tagInput[TAG_NUMBERS_AT] = fields === 'card' ? 1 : 0;
  listings.forEach((listing, i) => {
    tagInput[TAG_NUMBERS_AT + 1 + i] = listing.encoding;
  });
  return hash('sha1', tagInput.subarray(0, size), 'base64url').slice(0, 27);
}

/** A listing's card, encoded, from the listing encoded whole (so it says what its details say). */
const cardText = (whole: Parameters<typeof cardOf>[0]) =>
  Buffer.from(JSON.stringify(cardOf(whole)));

/**
 * A public listing as anyone sees it, serialised and encoded once (see CachedListing), with its
 * card when a card view asked for it: made from the same encoding as the whole, as cardOf makes a
 * card from the whole's text.
 */
function encoded(listing: SharedListings, fields: ListingFields = 'all'): CachedListing {
  const [view] = sharedViews(listing) as [Property];
  const whole = ZProperty.encode(view);
  encodings += 1;
  const sold = listing.sales.size > 0;
  return {
    rows: sold ? listing.rows : NO_ROWS,
    sales: sold ? listing.sales : NO_SALES,
    // The sale's parties read the listing anew from these (personalViews), its history with it.
    ...(sold && { history: listing.history }),
    body: Buffer.from(JSON.stringify(whole)),
    ...(fields === 'card' && { card: cardText(whole) }),
    encoding: encodings,
    agentId: view.creatorUID,
    available: view.availability === 'Available',
  };
}

/**
 * A public listing (approved, its agent in good standing) as every viewer sees it, read once and
 * kept in the per-process listing cache with its answer already serialised; null when the listing
 * is not public or does not exist. A change of the listing, or one that may touch any listing,
 * forgets it.
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
      missing.map((id) => {
        const listing = found.get(id);
        return [id, listing ? encoded(listing, fields) : null];
      }),
    );
  });
  if (fields === 'card') {
    listings.forEach((listing, i) => {
      if (!listing || listing.card) return;
      // Kept by a whole-listing view: its card is made from its text.
      listing.card = cardText(JSON.parse(listing.body.toString()));
      app.listingCache.listings.grew(ids[i] as string, listing.card.length);
    });
  }
  return listings.filter((listing): listing is CachedListing => !!listing);
}

/** Listings read and encoded at a time while warming: a few milliseconds of the server's thread. */
const WARM_BATCH = 200;

/**
 * How much of the listing cache warming fills: the rest is room for what buyers then ask that the
 * newest listings do not cover (a view sorted by price), before the cache lets go of any.
 */
const WARM_SHARE = 0.7;

/**
 * Fills the listing cache with the newest public listings, encoded with their cards, as map views
 * and lists show them first: a server that has just started (or been deployed) answers its first
 * buyers' map views from memory rather than reading and encoding every page's listings as they
 * come. A batch at a time, until the cache holds its share, the listings run out, or `stopped()`.
 */
export async function warmListingCache(app: FastifyInstance, stopped: () => boolean) {
  const cache = app.listingCache.listings;
  if (!cache.enabled) return;
  const ids = await newestPublicListingIds(app.database.maintenance, cache.maxEntries);
  for (let start = 0; start < ids.length; start += WARM_BATCH) {
    if (stopped() || cache.heldBytes >= cache.maxBytes * WARM_SHARE) return;
    await cachedPublicListings(app, ids.slice(start, start + WARM_BATCH), 'card');
    await setImmediate();
  }
}
