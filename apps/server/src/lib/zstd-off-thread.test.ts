import { zstdDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { pageText } from '../../test/helpers/page-texts.js';
import { ZSTD_FAST_LEVEL } from './content-coding.js';
import { OFF_THREAD_MAX_BYTES, OffThreadZstd } from './zstd-off-thread.js';

const page = (seed: number, listings = 24) => pageText(listings, seed);

const writerOf = (text: Buffer) => (target: Buffer) => {
  text.copy(target);
};

describe('OffThreadZstd', () => {
  let zstd: OffThreadZstd;
  afterEach(async () => {
    await zstd.close();
  });

  it('compresses pages on its own thread, each a frame that decodes to its own text', async () => {
    zstd = new OffThreadZstd(ZSTD_FAST_LEVEL);
    const texts = Array.from({ length: 64 }, (_, seed) => page(seed, 1 + (seed % 40)));
    const compressing = texts.map((text) => zstd.compress(text.length, writerOf(text)));
    // Every slot is taken until the thread's pages are collected: the next page is the caller's.
    const next = page(99);
    expect(zstd.compress(next.length, writerOf(next))).toBeNull();
    const pages = await Promise.all(compressing);
    pages.forEach((compressed, i) => {
      expect(compressed, `page ${i}`).not.toBeNull();
      expect(zstdDecompressSync(compressed as Buffer).equals(texts[i] as Buffer), `page ${i}`).toBe(
        true,
      );
    });
    expect(zstd.pagesCompressed).toBe(64);

    // The slots taken back, a second round goes through them again.
    const again = await Promise.all(
      texts.slice(0, 10).map((text) => zstd.compress(text.length, writerOf(text))),
    );
    again.forEach((compressed, i) => {
      expect(zstdDecompressSync(compressed as Buffer).equals(texts[i] as Buffer)).toBe(true);
    });
    expect(zstd.pagesCompressed).toBe(74);
  });

  it('compresses pages that come while its thread looks for them, and one that wakes it from its sleep', async () => {
    zstd = new OffThreadZstd(ZSTD_FAST_LEVEL);
    const compressed = async (seed: number) => {
      const text = page(seed);
      const result = await zstd.compress(text.length, writerOf(text));
      expect(result, `page ${seed}`).not.toBeNull();
      expect(zstdDecompressSync(result as Buffer).equals(text)).toBe(true);
    };
    // One at a time, a few milliseconds apart: the thread finds each of its own accord.
    for (let seed = 0; seed < 5; seed++) {
      await compressed(seed);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Long enough without a page that the thread sleeps until woken.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await compressed(5);
    expect(zstd.pagesCompressed).toBe(6);
  });

  it('leaves a page larger than a slot to the caller', () => {
    zstd = new OffThreadZstd(ZSTD_FAST_LEVEL);
    expect(zstd.compress(OFF_THREAD_MAX_BYTES + 1, () => {})).toBeNull();
  });

  it('gives every page back to the callers once its thread has stopped', async () => {
    zstd = new OffThreadZstd(ZSTD_FAST_LEVEL);
    const text = page(1);
    const first = await zstd.compress(text.length, writerOf(text));
    expect(zstdDecompressSync(first as Buffer).equals(text)).toBe(true);
    const waiting = Array.from({ length: 20 }, () => zstd.compress(text.length, writerOf(text)));
    await zstd.close();
    // A page the thread finished before it stopped is whole; the others are the callers'.
    for (const compressed of await Promise.all(waiting)) {
      if (compressed) expect(zstdDecompressSync(compressed).equals(text)).toBe(true);
    }
    expect(zstd.compress(text.length, writerOf(text))).toBeNull();
  });
});
