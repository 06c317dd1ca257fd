import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageText } from '../../test/helpers/page-texts.js';
import {
  acceptedCodings,
  codedTag,
  compress,
  uncodedTag,
  ZstdCompressor,
} from './content-coding.js';

describe('acceptedCodings', () => {
  it('takes what browsers send', () => {
    expect(acceptedCodings('gzip, deflate, br, zstd')).toEqual({
      br: true,
      zstd: true,
      gzip: true,
    });
    expect(acceptedCodings('gzip, deflate, br')).toEqual({ br: true, zstd: false, gzip: true });
    expect(acceptedCodings('gzip, deflate')).toEqual({ br: false, zstd: false, gzip: true });
    expect(acceptedCodings('br')).toEqual({ br: true, zstd: false, gzip: false });
  });

  it('refuses a coding weighted zero, and reads * for the codings not named', () => {
    expect(acceptedCodings('gzip, br;q=0')).toEqual({ br: false, zstd: false, gzip: true });
    expect(acceptedCodings('*;q=0.5, gzip;q=0')).toEqual({ br: true, zstd: true, gzip: false });
    expect(acceptedCodings('x-gzip')).toEqual({ br: false, zstd: false, gzip: true });
    expect(acceptedCodings('BR; Q=0.8')).toEqual({ br: true, zstd: false, gzip: false });
  });

  it('takes none from no header, identity only, or a weight that is not a number', () => {
    const none = { br: false, zstd: false, gzip: false };
    expect(acceptedCodings(undefined)).toEqual(none);
    expect(acceptedCodings('identity')).toEqual(none);
    expect(acceptedCodings('gzip;q=high')).toEqual(none);
  });
});

describe('compress', () => {
  const body = Buffer.from(
    JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, title: 'A home' }))),
  );

  it('gives what each coding decodes to the same bytes, a fraction of their size', () => {
    const decoders = { zstd: zstdDecompressSync, gzip: gunzipSync, br: brotliDecompressSync };
    for (const [coding, decode] of Object.entries(decoders)) {
      const compressed = compress(body, coding as keyof typeof decoders);
      expect(decode(compressed).equals(body), coding).toBe(true);
      expect(compressed.length, coding).toBeLessThan(body.length / 4);
    }
  });
});

describe('ZstdCompressor', () => {
  const page = pageText;

  it('keeps one context for answer after answer, each a frame that decodes alone', () => {
    const compressor = new ZstdCompressor();
    // Small and large answers in turn, one larger than the room the compressor starts with.
    const bodies = [page(24, 1), page(2, 2), page(3000, 3), page(24, 4), page(1, 5)];
    expect(bodies[2]?.length).toBeGreaterThan(64 * 1024);
    for (let round = 0; round < 20; round++) {
      for (const body of bodies) {
        const compressed = compressor.compress(body);
        expect(zstdDecompressSync(compressed).equals(body)).toBe(true);
      }
    }
    expect(compressor.contextsMade).toBe(1);
  });

  it('gives each answer bytes of its own, unchanged by the answers compressed after it', () => {
    const compressor = new ZstdCompressor();
    const first = page(24, 6);
    const sent = compressor.compress(first);
    const copy = Buffer.from(sent);
    compressor.compress(page(24, 7));
    expect(sent.equals(copy)).toBe(true);
    expect(zstdDecompressSync(sent).equals(first)).toBe(true);
  });

  it('compresses an empty answer to a frame that decodes to nothing', () => {
    const compressor = new ZstdCompressor();
    expect(zstdDecompressSync(compressor.compress(Buffer.alloc(0))).length).toBe(0);
    expect(zstdDecompressSync(compressor.compress(page(3, 8))).equals(page(3, 8))).toBe(true);
  });
});

describe('coded ETags', () => {
  it('name each coding of an answer apart, and lead back to the answer', () => {
    const etag = '"abc_-12"';
    expect(codedTag(etag, null)).toBe(etag);
    expect(codedTag(etag, 'br')).toBe('"abc_-12-br"');
    expect(codedTag(etag, 'gzip')).toBe('"abc_-12-gzip"');
    expect(codedTag(etag, 'zstd')).toBe('"abc_-12-zstd"');
    expect(uncodedTag('"abc_-12-zstd"')).toBe(etag);
    expect(uncodedTag(' W/"abc_-12-gzip"')).toBe(etag);
    expect(uncodedTag('"abc_-12-br"')).toBe(etag);
    expect(uncodedTag(etag)).toBe(etag);
  });
});
