import type { MapIndex } from './queries.js';

/**
 * Keeps the map index true to the listings: a listing change this process makes drops it at
 * once (listing-cache.ts empties it with the caches), and until a new one is built map views are
 * answered by the database. Another process's change drops it too, once the database's notice of
 * it arrives (listing-change-notices.ts). A built index is also renewed once older than the
 * caches' lifetime (`maxAgeMs`: ten minutes while this process hears those notices, against a
 * change made with the triggers off; SEARCH_CACHE_SECONDS while it cannot hear them; never on the
 * embedded database, which is this process's alone), and serves meanwhile.
 *
 * Building reads every listing on the map (about 0.5 s at 100,000 on PostgreSQL), so builds are
 * spaced: at most one at a time, and a new one starts no sooner than ten builds' time after the
 * last one started. A build that a change overtook is thrown away.
 */
export class MapIndexKeeper {
  private index: MapIndex | undefined;
  private builtAt = 0;
  private building: Promise<void> | undefined;
  private lastStart = Number.NEGATIVE_INFINITY;
  private lastDuration = 0;
  private generation = 0;

  private readonly maxAgeMs: () => number;

  /** `maxAge`: how old the index may grow before it is built again (0: no index), in milliseconds. */
  constructor(
    private readonly build: () => Promise<MapIndex>,
    maxAge: number | (() => number),
    private readonly onError: (error: unknown) => void,
  ) {
    this.maxAgeMs = typeof maxAge === 'number' ? () => maxAge : maxAge;
  }

  /** The index if it holds every change this process made; starts a build when it should. */
  current(): MapIndex | undefined {
    const maxAgeMs = this.maxAgeMs();
    if (maxAgeMs <= 0) return undefined;
    const now = Date.now();
    if (!this.index || now - this.builtAt > maxAgeMs) this.startBuild(now);
    return this.index;
  }

  /** Resolves when the build under way (if any) has finished. */
  async settled(): Promise<void> {
    await this.building;
  }

  invalidate() {
    this.generation++;
    this.index = undefined;
  }

  private startBuild(now: number) {
    if (this.building || now - this.lastStart < this.lastDuration * 10) return;
    this.lastStart = now;
    const generation = this.generation;
    this.building = this.build()
      .then((index) => {
        this.lastDuration = Date.now() - now;
        if (generation !== this.generation) return;
        this.index = index;
        this.builtAt = now;
      })
      .catch(this.onError)
      .finally(() => {
        this.building = undefined;
      });
  }
}
