import type { EncodedAnswer, ListPage } from '../../lib/list-page.js';
import type { SharedListings } from '../listing-views/property-view.js';
import type { FacetCount } from './listing-filters.js';
import type { MapIndexKeeper } from './map-index/keeper.js';

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
  map: MapIndexKeeper;
}

const MAX_ENTRIES = 5000;

/**
 * What one cache may hold of encoded answers. Buyers panning a map ask for a new view with every
 * move, up to a thousand pins each: bounded by entries alone, those views could fill hundreds of
 * megabytes within a cache's lifetime, more than the embedded server has.
 */
export const MAX_CACHED_BYTES = 32 * 1024 * 1024;

/**
 * What the listing cache may hold: every map view's page is made from it, so a view whose
 * listings it lacks waits for the database. About 70,000 listings (decision 030).
 */
export const MAX_CACHED_LISTINGS_BYTES = 128 * 1024 * 1024;

interface CacheLimits<T> {
  /** The bytes an entry holds beyond its key, where that is worth counting. */
  weigh?: (value: T) => number;
  maxBytes?: number;
  /** MAX_ENTRIES unless the bytes bound it better (many small entries). */
  maxEntries?: number;
}

export class ShortLivedCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number; bytes: number }>();
  private readonly loading = new Map<string, Promise<T>>();
  private generation = 0;
  private bytes = 0;
  private sweeper: NodeJS.Timeout | undefined;
  /**
   * Lookups answered from the cache (or by a load another lookup had started) and lookups that
   * had to load, while it was on: their ratio says what the cache saves the database.
   */
  readonly lookups = { hits: 0, misses: 0 };

  private readonly lifetimeMs: () => number;

  /**
   * `lifetime`: how long an entry is kept, in milliseconds (0: nothing is); a function when that
   * depends on whether other processes' changes are heard of (see the listing cache plugin).
   */
  constructor(
    lifetime: number | (() => number),
    private readonly limits: CacheLimits<T> = {},
  ) {
    this.lifetimeMs = typeof lifetime === 'number' ? () => lifetime : lifetime;
  }

  get enabled() {
    return this.lifetimeMs() > 0;
  }

  /** The entries it may hold. */
  get maxEntries() {
    return this.limits.maxEntries ?? MAX_ENTRIES;
  }

  /** The bytes it may hold (Infinity when only its entries bound it). */
  get maxBytes() {
    return this.limits.maxBytes ?? Number.POSITIVE_INFINITY;
  }

  /** The cached value for `key`, or `load()`'s; concurrent misses for one key share one load. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.lookups.hits++;
      return hit.value;
    }
    const pending = this.loading.get(key);
    if (pending) {
      this.lookups.hits++;
      return pending;
    }
    this.lookups.misses++;

    const generation = this.generation;
    const promise = load()
      .then((value) => {
        // A change during the load may not be in it: serve it to the waiters, keep it for no one.
        if (generation === this.generation) this.keep(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /**
   * The cached values for `keys`, in their order, the missing ones loaded together by `load`
   * (undefined where it gives none). As with get, what a change overtook is served, not kept.
   */
  async getMany(
    keys: string[],
    load: (missing: string[]) => Promise<Map<string, T>>,
  ): Promise<Array<T | undefined>> {
    const now = Date.now();
    const held = keys.map((key) => {
      const hit = this.enabled ? this.entries.get(key) : undefined;
      return hit && hit.expires > now ? hit : undefined;
    });
    const missing = keys.filter((_key, i) => !held[i]);
    if (this.enabled) {
      this.lookups.hits += keys.length - missing.length;
      this.lookups.misses += missing.length;
    }
    if (missing.length === 0) return held.map((hit) => hit?.value);
    const generation = this.generation;
    const loaded = await load(missing);
    if (this.enabled && generation === this.generation) {
      for (const [key, value] of loaded) this.keep(key, value);
    }
    return keys.map((key, i) => (held[i] ? held[i].value : loaded.get(key)));
  }

  /**
   * Counts what a kept entry came to hold after it was kept (a compressed copy of its answer),
   * making room if the cache is then over its bytes.
   */
  grew(key: string, bytes: number) {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.bytes += bytes;
    this.bytes += bytes;
    if (this.bytes > this.maxBytes) this.evict(this.maxEntries, this.maxBytes);
  }

  /**
   * Forgets what it holds for `keys` alone. Like invalidate, it keeps nothing a load under way
   * brings back, whichever keys that load is for: it may have read before the change.
   */
  forget(keys: Iterable<string>) {
    this.generation++;
    for (const key of keys) {
      this.drop(key);
      this.loading.delete(key);
    }
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  /** Bytes held now, as `weigh` counts them. */
  get heldBytes() {
    return this.bytes;
  }

  private keep(key: string, value: T) {
    const bytes = this.limits.weigh?.(value) ?? 0;
    const { maxBytes } = this;
    // An answer larger than the whole budget is served and not kept.
    if (bytes > maxBytes) return;
    this.drop(key);
    if (this.entries.size >= this.maxEntries || this.bytes + bytes > maxBytes) {
      this.evict(this.maxEntries - 1, maxBytes - bytes);
    }
    this.entries.set(key, { value, expires: Date.now() + this.lifetimeMs(), bytes });
    this.bytes += bytes;
    this.sweepWhenExpired();
  }

  /**
   * Lets go of entries once they expire, so a burst of map views leaves no memory held behind it
   * when the next hour brings only sign-ins. One timer at a time, which never keeps the process up.
   */
  private sweepWhenExpired() {
    if (this.sweeper) return;
    const oldest = this.entries.values().next().value;
    if (!oldest) return;
    this.sweeper = setTimeout(
      () => {
        this.sweeper = undefined;
        this.dropExpired();
        this.sweepWhenExpired();
      },
      Math.max(0, oldest.expires - Date.now()),
    );
    this.sweeper.unref();
  }

  /** Entries expire in the order they were kept (Map keeps insertion order; one lifetime). */
  private dropExpired() {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) break;
      this.drop(key);
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops expired entries, then the oldest (Map keeps insertion order) until both limits hold. */
  private evict(maxEntries: number, maxBytes: number) {
    this.dropExpired();
    // Room for a tenth more at once, so a full cache does not evict on every miss.
    const entriesGoal = Math.min(maxEntries, Math.floor(this.maxEntries * 0.9));
    const bytesGoal = Math.min(maxBytes, this.maxBytes * 0.9);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= entriesGoal && this.bytes <= bytesGoal) break;
      this.drop(key);
    }
  }
}

/**
 * Empties the listing caches: something changed what they show or count. With `onlyListings`,
 * the change touched those listings alone, and the others' kept encodings stay: every other
 * listing's details, and the map pages made of them, are then served without the database. The
 * pages, counts and map index are emptied all the same, since any listing can move in or out of
 * any of them.
 */
export function forgetListings(caches: ListingCaches, onlyListings?: readonly string[]) {
  const { listings, ...pagesAndCounts } = caches;
  for (const cache of Object.values(pagesAndCounts)) cache.invalidate();
  if (onlyListings) listings.forget(onlyListings);
  else listings.invalidate();
}
