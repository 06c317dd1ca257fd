import { describe, expect, it, vi } from 'vitest';
import { ShortLivedCache } from './short-lived-cache.js';

describe('ShortLivedCache', () => {
  it('shares one load between concurrent misses and keeps nothing loaded across a change', async () => {
    const cache = new ShortLivedCache<{ body: string; total: number }>(60_000);
    let loads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = async () => {
      loads++;
      await gate;
      return { body: `[${loads}]`, total: loads };
    };
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    cache.invalidate();
    release();
    expect(await a).toBe(await b);
    expect(loads).toBe(1);
    // Loaded before the change finished: served to its waiters, not kept.
    const c = await cache.get('k', async () => ({ body: '[2]', total: 2 }));
    expect(c.total).toBe(2);
    const d = await cache.get('k', async () => ({ body: '[3]', total: 3 }));
    expect(d.total).toBe(2);
  });

  it('loads every time when its lifetime is zero', async () => {
    const cache = new ShortLivedCache<{ body: string; total: number }>(0);
    let loads = 0;
    const load = async () => ({ body: '[]', total: ++loads });
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(2);
  });

  it('holds no more bytes than its budget: the oldest answers go first, and one too large is not kept', async () => {
    const cache = new ShortLivedCache<{ body: string }>(60_000, {
      weigh: (value) => value.body.length,
      maxBytes: 1000,
    });
    let loads = 0;
    const answer = (size: number) => async () => {
      loads++;
      return { body: 'x'.repeat(size) };
    };
    for (let view = 0; view < 10; view++) await cache.get(`view ${view}`, answer(300));
    expect(cache.heldBytes).toBeLessThanOrEqual(1000);
    expect(loads).toBe(10);

    // The newest view is still held; the first was dropped to make room.
    await cache.get('view 9', answer(300));
    expect(loads).toBe(10);
    await cache.get('view 0', answer(300));
    expect(loads).toBe(11);

    const held = cache.heldBytes;
    await cache.get('huge', answer(5000));
    await cache.get('huge', answer(5000));
    expect(loads).toBe(13);
    expect(cache.heldBytes).toBe(held);

    cache.invalidate();
    expect(cache.heldBytes).toBe(0);
  });

  it('counts what a kept answer comes to hold, and makes room when that puts it over its budget', async () => {
    const cache = new ShortLivedCache<{ body: string }>(60_000, {
      weigh: (value) => value.body.length,
      maxBytes: 1000,
    });
    let loads = 0;
    const answer = async () => {
      loads++;
      return { body: 'x'.repeat(300) };
    };
    await cache.get('first', answer);
    await cache.get('second', answer);
    expect(cache.heldBytes).toBe(600);
    cache.grew('second', 100);
    expect(cache.heldBytes).toBe(700);
    // Nothing is counted for an answer no longer held.
    cache.grew('never kept', 100);
    expect(cache.heldBytes).toBe(700);

    // Over the budget, the oldest answer goes.
    cache.grew('second', 400);
    expect(cache.heldBytes).toBe(800);
    await cache.get('second', answer);
    expect(loads).toBe(2);
    await cache.get('first', answer);
    expect(loads).toBe(3);
  });

  it('lets go of what it holds once it expires, with nothing asked of it meanwhile', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ShortLivedCache<{ body: string }>(10_000, {
        weigh: (value) => value.body.length,
      });
      const answer = (body: string) => async () => ({ body });
      await cache.get('first', answer('x'.repeat(100)));
      vi.advanceTimersByTime(4_000);
      await cache.get('second', answer('y'.repeat(50)));
      expect(cache.heldBytes).toBe(150);

      vi.advanceTimersByTime(6_000);
      expect(cache.heldBytes).toBe(50);
      vi.advanceTimersByTime(4_000);
      expect(cache.heldBytes).toBe(0);
      // Nothing left to let go of: no timer is waiting.
      expect(vi.getTimerCount()).toBe(0);

      let loads = 0;
      await cache.get('first', async () => ({ body: `${++loads}` }));
      expect(loads).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
