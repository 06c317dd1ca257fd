import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import {
  forgetListings,
  type ListingCaches,
  MAX_CACHED_BYTES,
  ShortLivedCache,
} from '../../modules/properties/listing-cache.js';
import { MapIndex, MapIndexKeeper } from '../../modules/properties/map-index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route can change what listing pages show or count: a listing's content, approval or
     * availability, or whether its agent is trusted. Its answer empties the listing caches.
     */
    changesListings?: boolean;
  }
  interface FastifyInstance {
    listingCache: ListingCaches;
  }
}

export const declaresListingChanges = (config: unknown) =>
  (config as { changesListings?: unknown } | undefined)?.changesListings === true;

/*
 * The short-lived caches of listing pages, details and counts (see ShortLivedCache), emptied by the routes
 * that declare `config: { changesListings: true }`, before their reply is sent: this instance
 * never answers with listings or totals older than a change it made, and other instances catch
 * up within the lifetime (`SEARCH_CACHE_SECONDS`).
 *
 * A declared route empties them whenever its handler ran, refused or not: some make a change
 * before they refuse (a checkout or an acceptance first lapses an offer past its payment
 * deadline, which offers the home again). A request refused before its handler (not signed in,
 * not allowed, invalid, over a rate limit) changed nothing and leaves them.
 */
export const listingCachePlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      ttlSeconds: number;
      /**
       * Other processes may change listings, and the database has memory of its own: the
       * embedded database is this process's alone, and shares its memory.
       */
      sharedDatabase: boolean;
    },
  ) => {
    const ttlMs = options.ttlSeconds * 1000;
    const caches: ListingCaches = {
      pages: new ShortLivedCache(ttlMs, {
        weigh: (page) => page.body.length,
        maxBytes: MAX_CACHED_BYTES,
      }),
      counts: new ShortLivedCache(ttlMs),
      // Its rows, kept only for pages with a sale, weigh about as much as their encoding again.
      catalogue: new ShortLivedCache(ttlMs, {
        weigh: (shared) => shared.page.body.length * (shared.rows.length > 0 ? 2 : 1),
        maxBytes: MAX_CACHED_BYTES,
      }),
      // Map views take their pages' listings from here: their bytes bound it, not their number.
      // The embedded server, one small process with its database, keeps half as many.
      listings: new ShortLivedCache(ttlMs, {
        weigh: (listing) => (listing ? listing.body.length * (listing.rows.length > 0 ? 2 : 1) : 0),
        maxBytes: options.sharedDatabase ? MAX_CACHED_BYTES : MAX_CACHED_BYTES / 2,
        maxEntries: 100_000,
      }),
      // Renewed by age only where another process could have changed listings unseen.
      map: new MapIndexKeeper(
        () => MapIndex.load(app.db),
        ttlMs > 0 && !options.sharedDatabase ? Number.POSITIVE_INFINITY : ttlMs,
        (error) => app.log.error({ err: error }, 'building the map index failed'),
      ),
    };
    app.decorate('listingCache', caches);
    if (ttlMs <= 0) return;
    // Map views are the catalogue's everyday page: the index is built as the server starts, in
    // the background, rather than by the first buyer to open the map.
    app.addHook('onReady', async () => {
      caches.map.current();
    });

    const handled = new WeakSet<FastifyRequest>();
    app.addHook('onRoute', (route) => {
      if (!declaresListingChanges(route.config)) return;
      const handler = route.handler as RouteHandlerMethod;
      route.handler = function (this: FastifyInstance, request, reply) {
        handled.add(request);
        return handler.call(this, request, reply);
      };
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (handled.has(request)) forgetListings(caches);
      return payload;
    });
  },
  { name: 'listing-cache' },
);
