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

export class ShortLivedCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  private readonly loading = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

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
        if (generation === this.generation) {
          if (this.entries.size >= MAX_ENTRIES) this.evict(now);
          this.entries.delete(key);
          this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        }
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
  }

  private evict(now: number) {
    for (const [key, entry] of this.entries) {
      if (entry.expires <= now) this.entries.delete(key);
    }
    // Still full: drop the oldest tenth (Map keeps insertion order).
    let excess = this.entries.size - Math.floor(MAX_ENTRIES * 0.9);
    for (const key of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

/** Empties every listing cache: something changed what they show or count. */
export function forgetListings(caches: ListingCaches) {
  for (const cache of Object.values(caches)) cache.invalidate();
}
