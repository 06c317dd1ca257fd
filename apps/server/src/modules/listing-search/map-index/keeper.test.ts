import { describe, expect, it, vi } from 'vitest';
import { MapIndexKeeper } from './keeper.js';
import type { MapIndex } from './queries.js';

describe('keeping the map index', () => {
  const loads = () => {
    const pending: Array<() => void> = [];
    let built = 0;
    const build = () =>
      new Promise<MapIndex>((resolve) => {
        built++;
        pending.push(() => resolve({ size: built } as unknown as MapIndex));
      });
    return { build, finish: () => pending.shift()?.(), builds: () => built };
  };

  it('throws away a build that a change overtook, and serves nothing until a later one', async () => {
    const { build, finish, builds } = loads();
    const keeper = new MapIndexKeeper(build, 60_000, (error) => {
      throw error;
    });
    expect(keeper.current()).toBeUndefined();
    expect(builds()).toBe(1);
    keeper.invalidate();
    finish();
    await keeper.settled();
    // The next build waits ten builds' time after the last one started.
    await vi.waitFor(() => {
      expect(keeper.current()).toBeUndefined();
      expect(builds()).toBe(2);
    });
    finish();
    await keeper.settled();
    expect(keeper.current()).toMatchObject({ size: 2 });
  });

  it('is off when the caches are', () => {
    const { build, builds } = loads();
    const keeper = new MapIndexKeeper(build, 0, () => {});
    expect(keeper.current()).toBeUndefined();
    expect(builds()).toBe(0);
  });
});
