import type { ListingEstimate } from '@keyhaven/shared';
import type { Database } from '../../db/client.js';
import { type EncodedAnswer, type ListPage, listPageBytes } from '../../lib/list-page.js';
import { ShortLivedCache } from '../../lib/short-lived-cache.js';
import type { SharedListings } from '../listing-views/property-view.js';
import type { FacetCount } from './listing-filters.js';
import { MapIndexKeeper } from './map-index/keeper.js';
import { MapIndex } from './map-index/queries.js';

/**
 * A public listing as everyone sees it, serialised and encoded once, with its agent and its
 * availability; its row and sale are kept only when it has a sale, whose parties see its details.
 * `encoding` numbers this encoding of it among the process's, so a page's ETag can be made from
 * its listings' numbers and the process's name rather than from all their bytes (encodingsTag).
 */
export type CachedListing = SharedListings &
  EncodedAnswer & {
    encoding: number;
    agentId: string;
    available: boolean;
    /** Its card (ZPropertyCard), encoded once a card view first shows it. */
    card?: Buffer;
  };

/*
 * Short-lived, in-process caches of what listing pages cost most, each holding what is the same
 * for every viewer:
 * - the public search pages, held as the response body already serialised and encoded, with its
 *   ETag;
 * - the counts of matching listings (for one text, area, outline and set of filters, per type and
 *   price range), which the signed-in catalogue shares although its pages differ by viewer;
 * - the signed-in catalogue's pages and the details of public listings: their rows and sales,
 *   and their serialisation for the viewers who are party to none of those sales (nearly all;
 *   see personalViews). A listing that is not public is remembered as such, and its details are
 *   then read for each viewer as before;
 * - the comparables and estimate of public listings, the costliest answer of a listing's page;
 * - the map index (map-index/), which answers views of an area or outline.
 *
 * Routes that declare they change listings empty them before their reply is sent, keeping the
 * listings a route names as the only ones it changed (plugins/app/listing-cache.ts).
 */

export interface ListingCaches {
  pages: ShortLivedCache<ListPage>;
  counts: ShortLivedCache<FacetCount[]>;
  catalogue: ShortLivedCache<SharedListings & { page: ListPage }>;
  listings: ShortLivedCache<CachedListing | null>;
  /** Public listings' comparables and estimates (null: not public), which any change empties. */
  estimates: ShortLivedCache<ListingEstimate | null>;
  map: MapIndexKeeper;
}

/**
 * What one cache may hold of encoded answers. Buyers panning a map ask for a new view with every
 * move, up to a thousand pins each: bounded by entries alone, those views could fill hundreds of
 * megabytes within a cache's lifetime, more than the embedded server has.
 */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;

/**
 * What the listing cache may hold: every map view's page is made from it, so a view whose
 * listings it lacks waits for the database. About 70,000 listings (decision 030).
 */
const MAX_CACHED_LISTINGS_BYTES = 128 * 1024 * 1024;

interface ListingCacheOptions {
  /** How long what they hold stays good, in milliseconds (see the listing cache plugin). */
  lifetimeMs: () => number;
  /** SEARCH_CACHE_SECONDS, in milliseconds: 0 keeps nothing. */
  ttlMs: number;
  /**
   * On a database server, which other processes may change listings in and which has memory of
   * its own; false for the embedded database, this process's alone, which shares its memory.
   */
  sharedDatabase: boolean;
  /** The database the map index is read from, each time it is built. */
  mapDatabase: () => Database;
  /** A build of the map index failed. */
  onMapIndexError: (error: unknown) => void;
}

/** This process's listing caches, empty. */
export function createListingCaches(options: ListingCacheOptions): ListingCaches {
  const { lifetimeMs, ttlMs, sharedDatabase: shared } = options;
  return {
    pages: new ShortLivedCache(lifetimeMs, {
      weigh: listPageBytes,
      maxBytes: MAX_CACHED_BYTES,
    }),
    counts: new ShortLivedCache(lifetimeMs),
    // Its rows, kept only for pages with a sale, weigh about as much as their encoding again.
    catalogue: new ShortLivedCache(lifetimeMs, {
      weigh: (shared) =>
        listPageBytes(shared.page) + (shared.rows.length > 0 ? shared.page.body.length : 0),
      maxBytes: MAX_CACHED_BYTES,
    }),
    // Map views take their pages' listings from here: their bytes bound it, not their number.
    // The embedded server, one small process with its database, keeps an eighth as many.
    listings: new ShortLivedCache(lifetimeMs, {
      weigh: (listing) =>
        listing
          ? listing.body.length * (listing.rows.length > 0 ? 2 : 1) + (listing.card?.length ?? 0)
          : 0,
      maxBytes: shared ? MAX_CACHED_LISTINGS_BYTES : MAX_CACHED_LISTINGS_BYTES / 8,
      maxEntries: 100_000,
    }),
    // At most six comparables each, a few kilobytes: their number bounds them.
    estimates: new ShortLivedCache(lifetimeMs),
    // Renewed by age only where another process could change listings.
    map: new MapIndexKeeper(
      async () => MapIndex.load(options.mapDatabase()),
      shared ? lifetimeMs : ttlMs > 0 ? Number.POSITIVE_INFINITY : 0,
      options.onMapIndexError,
    ),
  };
}

/**
 * Empties the listing caches: something changed what they show or count. With `onlyListings`,
 * the change touched those listings alone, and the others' kept encodings stay: every other
 * listing's details, and the map pages made of them, are then served without the database. The
 * pages, counts, estimates and map index are emptied all the same, since any listing can move in
 * or out of any of them (a sale nearby is a new comparable).
 */
export function forgetListings(caches: ListingCaches, onlyListings?: readonly string[]) {
  const { listings, ...pagesAndCounts } = caches;
  for (const cache of Object.values(pagesAndCounts)) cache.invalidate();
  if (onlyListings) listings.forget(onlyListings);
  else listings.invalidate();
}
