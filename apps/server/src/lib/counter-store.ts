import { Redis } from 'ioredis';

/**
 * Counters that expire, for throttling. In memory for one instance; in Redis when REDIS_URL is
 * set, so every instance behind a load balancer counts the same attempts.
 */
export interface CounterStore {
  /** Adds one and returns the new count; the window starts with the first hit. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Takes one back (never below zero, never reviving an expired counter). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.expiresAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    hit: async (key, windowMs) => {
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += 1;
      counters.set(key, entry);
      return entry.count;
    },
    count: async (key) => live(key)?.count ?? 0,
    decrement: async (key) => {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    reset: async (key) => {
      counters.delete(key);
    },
    close: async () => {
      counters.clear();
    },
  };
}

export function createRedisCounterStore(redis: Redis, prefix = 'keyhaven:'): CounterStore {
  return {
    hit: async (key, windowMs) => {
      const result = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec();
      return Number(result?.[0]?.[1] ?? 0);
    },
    count: async (key) => Number((await redis.get(prefix + key)) ?? 0),
    decrement: async (key) => {
      // Only an existing counter, so an expired one does not come back without its expiry.
      await redis.eval(
        "if redis.call('get', KEYS[1]) and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        prefix + key,
      );
    },
    reset: async (key) => {
      await redis.del(prefix + key);
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

export function createRedisClient(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
}
