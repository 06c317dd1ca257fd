import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CounterStore,
  createMemoryCounterStore,
  createRedisCounterStore,
} from './counter-store.js';

/*
 * The two counter stores keep the same promises: windows that start with the first hit,
 * take-backs that never go below zero or revive an expired counter, and marks that are
 * refreshed. The memory store also bounds itself: expired counters are swept, and it never
 * holds more than its cap.
 */

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const MINUTE = 60_000;

describe.each(['memory', 'redis'] as const)('the %s counter store', (kind) => {
  let store: CounterStore;
  let redis: Redis | undefined;
  let prefix = '';
  let clock = Date.parse('2026-03-01T12:00:00Z');
  /** Remaining life of a key in milliseconds, as the store sees it. */
  let remaining: (key: string) => Promise<number>;

  beforeEach(() => {
    if (kind === 'memory') {
      store = createMemoryCounterStore({ now: () => clock });
      remaining = async () => Number.NaN;
    } else {
      prefix = `keyhaven-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
      const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
      redis = client;
      store = createRedisCounterStore(client, prefix);
      remaining = (key) => client.pttl(prefix + key);
    }
  });

  afterEach(async () => {
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await store.close();
    redis = undefined;
  });

  it('counts hits in a window that starts with the first one', async () => {
    expect(await store.hit('k', 15 * MINUTE)).toBe(1);
    if (kind === 'memory') clock += 10 * MINUTE;
    expect(await store.hit('k', 15 * MINUTE)).toBe(2);
    expect(await store.count('k')).toBe(2);
    if (kind === 'memory') {
      clock += 5 * MINUTE;
      expect(await store.count('k')).toBe(0);
      expect(await store.hit('k', 15 * MINUTE)).toBe(1);
    } else {
      expect(await remaining('k')).toBeGreaterThan(14 * MINUTE);
      expect(await remaining('k')).toBeLessThanOrEqual(15 * MINUTE);
    }
  });

  it('takes back down to nothing, and then holds no counter at all', async () => {
    await store.hit('k', MINUTE);
    await store.hit('k', MINUTE);
    await store.decrement('k');
    expect(await store.count('k')).toBe(1);
    await store.decrement('k');
    await store.decrement('k');
    expect(await store.count('k')).toBe(0);
    if (redis) expect(await redis.exists(`${prefix}k`)).toBe(0);
    await store.decrement('never-hit');
    expect(await store.count('never-hit')).toBe(0);
    if (redis) expect(await redis.exists(`${prefix}never-hit`)).toBe(0);
  });

  it('remembers a mark for its whole life, refreshed each time, until reset', async () => {
    await store.remember('mark', 30 * MINUTE);
    if (kind === 'memory') clock += 20 * MINUTE;
    await store.remember('mark', 30 * MINUTE);
    expect(await store.count('mark')).toBe(1);
    if (kind === 'memory') {
      clock += 20 * MINUTE;
      expect(await store.count('mark')).toBe(1);
      clock += 10 * MINUTE;
      expect(await store.count('mark')).toBe(0);
    } else {
      expect(await remaining('mark')).toBeGreaterThan(29 * MINUTE);
    }
    await store.remember('mark', 30 * MINUTE);
    await store.reset('mark');
    expect(await store.count('mark')).toBe(0);
  });
});

describe('the memory counter store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps expired counters on a timer that never holds the process, and stops on close', async () => {
    vi.useFakeTimers();
    const store = createMemoryCounterStore({ sweepEveryMs: MINUTE });
    expect(vi.getTimerCount()).toBe(1);
    for (let i = 0; i < 1000; i++) await store.hit(`short-${i}`, 30_000);
    await store.hit('long', 15 * MINUTE);
    expect(store.size).toBe(1001);
    // Nobody asks for the expired ones again: the sweep alone removes them.
    vi.advanceTimersByTime(MINUTE);
    expect(store.size).toBe(1);
    await store.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(store.size).toBe(0);
  });

  it('unrefs its sweep timer', async () => {
    const unref = vi.spyOn(globalThis, 'setInterval');
    const store = createMemoryCounterStore();
    const timer = unref.mock.results[0]?.value as NodeJS.Timeout;
    unref.mockRestore();
    expect(timer.hasRef()).toBe(false);
    await store.close();
  });

  it('holds at most its cap, dropping the least recently written counters first', async () => {
    const store = createMemoryCounterStore({ maxEntries: 10 });
    for (const key of 'abcdefghij') await store.hit(key, MINUTE);
    await store.hit('a', MINUTE);
    expect(store.size).toBe(10);
    // Full: room is made for a tenth of the cap at once, from the oldest written.
    await store.remember('k', MINUTE);
    expect(store.size).toBe(9);
    expect(await store.count('b')).toBe(0);
    expect(await store.count('c')).toBe(0);
    expect(await store.count('a')).toBe(2);
    for (const key of 'defghijk') expect(await store.count(key), key).toBe(1);
    await store.close();
  });

  it('makes room from expired counters before dropping live ones', async () => {
    let clock = 0;
    const store = createMemoryCounterStore({ maxEntries: 10, now: () => clock });
    for (let i = 0; i < 5; i++) await store.hit(`old-${i}`, 1000);
    for (let i = 0; i < 5; i++) await store.hit(`live-${i}`, MINUTE);
    clock = 2000;
    await store.hit('new', MINUTE);
    expect(store.size).toBe(6);
    for (let i = 0; i < 5; i++) expect(await store.count(`live-${i}`)).toBe(1);
    await store.close();
  });
});
