import type { ListPage } from '../../lib/list-page.js';
import type { FacetCount } from './properties.service.js';
import type { SharedListings } from './property-view.js';

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
 *   then read for each viewer as before.
 *
 * Routes that declare they change listings empty them all before their reply is sent
 * (plugins/app/listing-cache.ts).
 */

export interface ListingCaches {
  pages: ShortLivedCache<ListPage>;
  counts: ShortLivedCache<FacetCount[]>;
  catalogue: ShortLivedCache<SharedListings & { page: ListPage }>;
  listings: ShortLivedCache<(SharedListings & { body: Buffer }) | null>;
}

const MAX_ENTRIES = 5000;

/**
 * What one cache may hold of encoded answers. Buyers panning a map ask for a new view with every
 * move, up to a thousand pins each: bounded by entries alone, those views could fill hundreds of
 * megabytes within a cache's lifetime, more than the embedded server has.
 */
export const MAX_CACHED_BYTES = 32 * 1024 * 1024;

interface CacheLimits<T> {
  /** The bytes an entry holds beyond its key, where that is worth counting. */
  weigh?: (value: T) => number;
  maxBytes?: number;
}

export class ShortLivedCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number; bytes: number }>();
  private readonly loading = new Map<string, Promise<T>>();
  private generation = 0;
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly limits: CacheLimits<T> = {},
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** The cached value for `key`, or `load()`'s; concurrent misses for one key share one load. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;

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
    const maxBytes = this.limits.maxBytes ?? Number.POSITIVE_INFINITY;
    // An answer larger than the whole budget is served and not kept.
    if (bytes > maxBytes) return;
    this.drop(key);
    if (this.entries.size >= MAX_ENTRIES || this.bytes + bytes > maxBytes) {
      this.evict(MAX_ENTRIES - 1, maxBytes - bytes);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, bytes });
    this.bytes += bytes;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops expired entries, then the oldest (Map keeps insertion order) until both limits hold. */
  private evict(maxEntries: number, maxBytes: number) {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expires <= now) this.drop(key);
    }
    // Room for a tenth more at once, so a full cache does not evict on every miss.
    const entriesGoal = Math.min(maxEntries, Math.floor(MAX_ENTRIES * 0.9));
    const bytesGoal = Math.min(maxBytes, (this.limits.maxBytes ?? Number.POSITIVE_INFINITY) * 0.9);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= entriesGoal && this.bytes <= bytesGoal) break;
      this.drop(key);
    }
  }
}

/** Empties every listing cache: something changed what they show or count. */
export function forgetListings(caches: ListingCaches) {
  for (const cache of Object.values(caches)) cache.invalidate();
}
