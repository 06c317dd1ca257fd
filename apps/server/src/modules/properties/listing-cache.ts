import type { ListPage } from '../../lib/list-page.js';
import type { FacetCount } from './properties.service.js';

/*
 * Short-lived, in-process caches of what listing pages cost most: the public search pages, which
 * are the same for every viewer (held as the response body already serialised, with its ETag),
 * and the counts of matching listings (by location, per type and price range), which do not
 * depend on the viewer either, so the signed-in catalogue shares them although its pages differ
 * by viewer.
 *
 * Routes that declare they change listings empty both before their reply is sent
 * (plugins/app/listing-cache.ts).
 */

export interface ListingCaches {
  pages: ShortLivedCache<ListPage>;
  counts: ShortLivedCache<FacetCount[]>;
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

/** Empties the listing pages and counts: something changed what they show or count. */
export function forgetListings(caches: ListingCaches) {
  caches.pages.invalidate();
  caches.counts.invalidate();
}
