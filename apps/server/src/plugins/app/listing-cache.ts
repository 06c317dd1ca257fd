import { setTimeout as delay } from 'node:timers/promises';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  createListingCaches,
  forgetListings,
  type ListingCaches,
  type ListingChangeNotices,
  listenForListingChanges,
  warmListingCache,
} from '../../modules/listing-search/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route can change what listing pages show or count: a listing's content, approval or
     * availability, or whether its agent is trusted. Its answer empties the listing caches.
     * `{ listingParam }`: it changes at most the one listing its path parameter of that name
     * names, and the other listings' kept encodings stay (see forgetListings).
     */
    changesListings?: boolean | { listingParam: string };
  }
  interface FastifyInstance {
    listingCache: ListingCaches;
    /** False while the listing cache is being warmed as the server starts: it is not ready yet. */
    listingCacheWarm(): boolean;
    /** Settles once the listing cache is warm (at once where it is not warmed). */
    listingCacheWarmed(): Promise<void>;
  }
  interface FastifyRequest {
    /**
     * Said by the handler of a route that declares `changesListings` when this request, as it
     * turned out, changed none (a report short of the number that hides a listing): its answer
     * then keeps the listing caches.
     */
    listingsUnchanged(): void;
  }
}

/** What a route declares it may change: any listing, one named by a path parameter, or none. */
function declaredListingChanges(config: unknown): 'any' | { listingParam: string } | undefined {
  const declared = (config as FastifyContextConfig | undefined)?.changesListings;
  if (declared === true) return 'any';
  if (typeof declared === 'object' && typeof declared.listingParam === 'string') return declared;
  return undefined;
}

export const declaresListingChanges = (config: unknown) =>
  declaredListingChanges(config) !== undefined;

/** The path parameter naming the one listing a route declares it changes, if it declares one. */
export function listingParamOf(config: unknown) {
  const declared = declaredListingChanges(config);
  return typeof declared === 'object' ? declared.listingParam : undefined;
}

/**
 * How long what the caches hold stays good while this process hears of other processes' listing
 * changes: they are emptied by each change, and renewed this often only against a change made
 * with the database's triggers turned off (a restore, say).
 */
const HEARD_CHANGES_LIFETIME_MS = 10 * 60_000;

/** The longest a starting server stays unready for its listing cache to warm. */
const WARM_UP_LIMIT_MS = 30_000;

/*
 * The short-lived caches of listing pages, details and counts (see ShortLivedCache), emptied by the routes
 * that declare `config: { changesListings: true }`, before their reply is sent: this instance
 * never answers with listings or totals older than a change it made. On a database server other
 * processes change listings too: the database announces every change (migration 0011), and each
 * instance empties its caches when it hears of another's, so they may keep what they hold for
 * longer. While it cannot hear of them (its connection lost), it keeps nothing longer than
 * `SEARCH_CACHE_SECONDS`.
 *
 * A declared route empties them whenever its handler ran, refused or not: some make a change
 * before they refuse (a checkout or an acceptance first lapses an offer past its payment
 * deadline, which offers the home again). A request refused before its handler (not signed in,
 * not allowed, invalid, over a rate limit) changed nothing and leaves them, as does one whose
 * handler says it changed none (`request.listingsUnchanged()`): emptying them costs every
 * listing page a read of the database and the map index a rebuild, so writes that only sometimes
 * change a listing do not empty them every time. A route that changes at most the one listing its
 * path names (an edit, a decision, an offer's answer) declares `{ listingParam }`: every other
 * listing's kept encoding stays, so a busy marketplace's offers and edits do not send every map
 * view back to the database.
 */
export const listingCachePlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      ttlSeconds: number;
      /**
       * A database server, which other processes may change listings in and which has memory of
       * its own, and how to hear of their changes. Absent for the embedded database: it is this
       * process's alone, and shares its memory.
       */
      sharedDatabase?: { url: string; instanceName: string; timeoutMs?: number };
    },
  ) => {
    const ttlMs = options.ttlSeconds * 1000;
    const shared = options.sharedDatabase;
    let notices: ListingChangeNotices | undefined;
    let closing = false;
    const lifetimeMs = () => (ttlMs > 0 && notices?.listening ? HEARD_CHANGES_LIFETIME_MS : ttlMs);
    const caches = createListingCaches({
      lifetimeMs,
      ttlMs,
      sharedDatabase: shared !== undefined,
      mapDatabase: () => app.database.maintenance,
      onMapIndexError: (error) => {
        // A build the shutdown cut short (its database closed under it) is no failure.
        if (!closing) app.log.error({ err: error }, 'building the map index failed');
      },
    });
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.decorate('listingCache', caches);
    // Only a server on a database server warms its listing cache: the embedded one's is small,
    // and shares its memory with its database.
    let warm = !shared || ttlMs <= 0;
    const warmed = Promise.withResolvers<void>();
    if (warm) warmed.resolve();
    app.decorate('listingCacheWarm', () => warm);
    app.decorate('listingCacheWarmed', () => warmed.promise);
    const unchanged = new WeakSet<FastifyRequest>();
    app.decorateRequest('listingsUnchanged', function (this: FastifyRequest) {
      unchanged.add(this);
    });
    if (ttlMs <= 0) return;

    // Whether the caches may hold anything yet: not before the first attempt to listen is over.
    let serving = false;
    if (shared) {
      notices = listenForListingChanges({
        ...shared,
        onChange: (listingIds) => forgetListings(caches, listingIds),
        // What was kept before listening started or stopped may miss a change no one heard of.
        onListening: () => {
          if (serving) forgetListings(caches);
        },
        onError: (error) => app.log.warn({ err: error }, 'hearing of listing changes failed'),
      });
      app.addHook('onClose', async () => notices?.close());
    }
    // Map views are the catalogue's everyday page: the index is built as the server starts, in
    // the background, rather than by the first buyer to open the map; on a database server, once
    // it hears of changes, so the index misses none made while it is built.
    app.addHook('onReady', async () => {
      await notices?.started;
      serving = true;
      caches.map.current();
      if (warm) return;
      // Warmed after the index, whose build reads the same listings: the two would only slow
      // each other down. Ready once warm, or once the limit is past, however far it got.
      const warming = caches.map
        .settled()
        .then(() => warmListingCache(app, () => closing))
        .catch((error: unknown) => {
          if (!closing) app.log.warn({ err: error }, 'warming the listing cache failed');
        });
      void Promise.race([warming, delay(WARM_UP_LIMIT_MS, undefined, { ref: false })]).then(() => {
        warm = true;
        warmed.resolve();
      });
    });

    // Each request whose handler ran, with the one listing it may have changed, or 'any'.
    const handled = new WeakMap<FastifyRequest, 'any' | [string]>();
    app.addHook('onRoute', (route) => {
      const declared = declaredListingChanges(route.config);
      if (!declared) return;
      const handler = route.handler as RouteHandlerMethod;
      route.handler = function (this: FastifyInstance, request, reply) {
        const named =
          declared === 'any'
            ? undefined
            : (request.params as Record<string, unknown>)[declared.listingParam];
        handled.set(request, typeof named === 'string' ? [named] : 'any');
        return handler.call(this, request, reply);
      };
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      const changed = handled.get(request);
      if (changed && !unchanged.has(request)) {
        forgetListings(caches, changed === 'any' ? undefined : changed);
      }
      return payload;
    });
  },
  { name: 'listing-cache' },
);
