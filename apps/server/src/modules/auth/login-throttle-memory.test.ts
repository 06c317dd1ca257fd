import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore, type MemoryCounterStore } from '../../lib/counter-store.js';
import { createLoginThrottle } from './login-throttle.js';

/*
 * Anyone can type a new e-mail at the login form from a new address, and each such attempt
 * makes counters. In memory, what they take must stay flat however many arrive. Measured on
 * the heap after a forced collection, against what the same attempts take in a store without
 * a cap, so the comparison holds on a slow or busy machine.
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc() {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** An attacker's attempt: a new e-mail from a new address, failed (begun, never succeeded). */
async function attack(store: MemoryCounterStore, from: number, count: number) {
  const throttle = createLoginThrottle(store, { slowdownMs: 0, sleep: async () => {} });
  let largest = 0;
  for (let i = from; i < from + count; i++) {
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    await throttle.begin(`someone.new.${i}@attacker-${i % 97}.example`, address);
    largest = Math.max(largest, store.size);
  }
  return largest;
}

describe('the login throttle in memory', () => {
  it('stays under its cap and keeps the heap flat over 100,000 distinct e-mails', async () => {
    // What such attempts take when nothing bounds them: the growth a leak would show.
    const unbounded = createMemoryCounterStore({ maxEntries: Number.POSITIVE_INFINITY });
    const beforeUnbounded = heapAfterGc();
    await attack(unbounded, 1_000_000, 20_000);
    const bytesPerAttempt = (heapAfterGc() - beforeUnbounded) / 20_000;
    expect(unbounded.size).toBe(60_000);
    await unbounded.close();

    const store = createMemoryCounterStore();
    // Enough attempts to fill the store (three counters each) ...
    const largestFilling = await attack(store, 0, 50_000);
    const filled = heapAfterGc();
    // ... and as many again, which must take nothing more.
    const largestAfter = await attack(store, 50_000, 50_000);
    const grown = heapAfterGc() - filled;

    expect(largestFilling).toBeLessThanOrEqual(store.maxEntries);
    expect(largestAfter).toBeLessThanOrEqual(store.maxEntries);
    expect(store.size).toBeGreaterThanOrEqual(store.maxEntries * 0.9);
    const leak = bytesPerAttempt * 50_000;
    expect(
      grown,
      `heap grew ${(grown / 1e6).toFixed(1)} MB over 50,000 attempts; unbounded it grows ${(leak / 1e6).toFixed(1)} MB`,
    ).toBeLessThan(leak * 0.1);
    await store.close();
  }, 120_000);
});
