import { Redis } from 'ioredis';
import type { BaseLogger } from 'pino';

/**
 * Counters that expire, for throttling. In memory for one instance; in Redis when REDIS_URL is
 * set, so every instance behind a load balancer counts the same attempts.
 */
export interface CounterStore {
  /** Adds one and returns the new count; the window starts with the first hit. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Takes one back (never below zero, never reviving an expired counter); none left: gone. */
  decrement(key: string): Promise<void>;
  /** Sets the counter to one for `ttlMs` from now, whatever it was (a mark that is refreshed). */
  remember(key: string, ttlMs: number): Promise<void>;
  reset(key: string): Promise<void>;
  /** Resolves when the store answers (in memory: always); /readyz asks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface MemoryCounterStore extends CounterStore {
  /** How many counters are held right now, expired ones not yet swept included. */
  readonly size: number;
  /** The most counters ever held at once: past it, the least recently written go first. */
  readonly maxEntries: number;
  /** Drops every expired counter now (a timer also does it every `sweepEveryMs`). */
  sweep(): void;
}

export interface MemoryCounterStoreOptions {
  now?: () => number;
  /**
   * Anyone can make new counters (every e-mail typed at the login form is one), so the store is
   * capped: the memory it takes stays flat however many distinct keys arrive.
   */
  maxEntries?: number;
  sweepEveryMs?: number;
}

/** About 35 MB at most with the longest keys the login form lets through. */
const DEFAULT_MAX_COUNTERS = 100_000;
const DEFAULT_SWEEP_EVERY_MS = 60_000;

export function createMemoryCounterStore(
  options: MemoryCounterStoreOptions = {},
): MemoryCounterStore {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_COUNTERS;
  // A Map keeps insertion order, and every write re-inserts its key: the first keys are the
  // least recently written, which are the ones to drop when the store is full.
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.expiresAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  // Room is made a tenth of the cap at a time: walking the map from its start costs as much as
  // the entries deleted there before it, so dropping one entry per write would cost a walk per
  // write, which a flood of new keys would turn into a CPU burden.
  const roomTo = Math.floor(maxEntries * 0.9);
  const write = (key: string, entry: { count: number; expiresAt: number }) => {
    counters.delete(key);
    counters.set(key, entry);
    if (counters.size <= maxEntries) return;
    sweep();
    for (const oldest of counters.keys()) {
      if (counters.size <= roomTo) break;
      counters.delete(oldest);
    }
  };
  const sweep = () => {
    const at = now();
    for (const [key, entry] of counters) if (entry.expiresAt <= at) counters.delete(key);
  };
  const timer = setInterval(sweep, options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS);
  // The sweep must never keep a process alive that has nothing else to do.
  timer.unref();

  return {
    get size() {
      return counters.size;
    },
    maxEntries,
    sweep,
    hit: async (key, windowMs) => {
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += 1;
      write(key, entry);
      return entry.count;
    },
    count: async (key) => live(key)?.count ?? 0,
    decrement: async (key) => {
      const entry = live(key);
      if (!entry) return;
      if (entry.count > 1) entry.count -= 1;
      else counters.delete(key);
    },
    remember: async (key, ttlMs) => {
      write(key, { count: 1, expiresAt: now() + ttlMs });
    },
    reset: async (key) => {
      counters.delete(key);
    },
    ping: async () => {},
    close: async () => {
      clearInterval(timer);
      counters.clear();
    },
  };
}

// Only an existing counter: an expired one must not come back without its expiry.
const DECREMENT = `
local value = tonumber(redis.call('get', KEYS[1]))
if not value then return 0 end
if value > 1 then return redis.call('decr', KEYS[1]) end
redis.call('del', KEYS[1])
return 0`;

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
      await redis.eval(DECREMENT, 1, prefix + key);
    },
    remember: async (key, ttlMs) => {
      await redis.set(prefix + key, 1, 'PX', ttlMs);
    },
    reset: async (key) => {
      await redis.del(prefix + key);
    },
    ping: async () => {
      await redis.ping();
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

export interface RedisClientOptions {
  /** The longest a command waits to connect or for its answer before it fails. */
  timeoutMs: number;
  log: Pick<BaseLogger, 'error' | 'info'>;
  /**
   * Whether commands given while Redis is down wait for it to come back. Never for requests,
   * which fail at once and are answered 503; a subscription made in the background may wait.
   */
  queueWhileDown?: boolean;
}

/**
 * A Redis connection that fails fast: while Redis is down or hung a command fails at once or
 * within the time limit (the request is answered 503), and the client keeps reconnecting in the
 * background. Its errors go to the log as JSON, once per outage rather than once per retry.
 */
export function createRedisClient(url: string, options: RedisClientOptions): Redis {
  const redis = new Redis(url, {
    connectTimeout: options.timeoutMs,
    // A command waiting for Redis to come back has no deadline; one sent must be answered in time.
    commandTimeout: options.queueWhileDown ? undefined : options.timeoutMs,
    maxRetriesPerRequest: options.queueWhileDown ? null : 1,
    enableOfflineQueue: options.queueWhileDown ?? false,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    options.log.error({ err: error }, 'Redis is unavailable; retrying in the background');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    options.log.info('Redis is available again');
  });
  return redis;
}
