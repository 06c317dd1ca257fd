/**
 * The entries a cache holds at most unless its bytes bound it better (see CacheLimits.maxEntries).
 */
const MAX_ENTRIES = 5000;

export interface CacheLimits<T> {
  /** The bytes an entry holds beyond its key, where that is worth counting. */
  weigh?: (value: T) => number;
  maxBytes?: number;
  /** MAX_ENTRIES unless the bytes bound it better (many small entries). */
  maxEntries?: number;
}

/**
 * A short-lived, in-process cache of what is costly to make and the same for many requests (the
 * listing caches, the session cache): entries live a set time and are bounded in number and,
 * where weighed, in bytes; a change empties it (invalidate) or forgets named entries (forget).
 */
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
