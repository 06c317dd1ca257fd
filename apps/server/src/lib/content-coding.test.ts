import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedCodings, codedTag, compress, uncodedTag } from './content-coding.js';

describe('acceptedCodings', () => {
  it('takes what browsers send', () => {
    expect(acceptedCodings('gzip, deflate, br, zstd')).toEqual({ br: true, gzip: true });
    expect(acceptedCodings('gzip, deflate')).toEqual({ br: false, gzip: true });
    expect(acceptedCodings('br')).toEqual({ br: true, gzip: false });
  });

  it('refuses a coding weighted zero, and reads * for the codings not named', () => {
    expect(acceptedCodings('gzip, br;q=0')).toEqual({ br: false, gzip: true });
    expect(acceptedCodings('*;q=0.5, gzip;q=0')).toEqual({ br: true, gzip: false });
    expect(acceptedCodings('x-gzip')).toEqual({ br: false, gzip: true });
    expect(acceptedCodings('BR; Q=0.8')).toEqual({ br: true, gzip: false });
  });

  it('takes none from no header, identity only, or a weight that is not a number', () => {
    expect(acceptedCodings(undefined)).toEqual({ br: false, gzip: false });
    expect(acceptedCodings('identity')).toEqual({ br: false, gzip: false });
    expect(acceptedCodings('gzip;q=high')).toEqual({ br: false, gzip: false });
  });
});

describe('compress', () => {
  const body = Buffer.from(
    JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, title: 'A home' }))),
  );

  it('gives what the coding decodes to the same bytes, at either effort', () => {
    for (const effort of ['fast', 'small'] as const) {
      expect(gunzipSync(compress(body, 'gzip', effort)).equals(body)).toBe(true);
      expect(brotliDecompressSync(compress(body, 'br', effort)).equals(body)).toBe(true);
    }
    expect(compress(body, 'gzip', 'fast').length).toBeLessThan(body.length / 4);
  });
});

describe('coded ETags', () => {
  it('name each coding of an answer apart, and lead back to the answer', () => {
    const etag = '"abc_-12"';
    expect(codedTag(etag, null)).toBe(etag);
    expect(codedTag(etag, 'br')).toBe('"abc_-12-br"');
    expect(codedTag(etag, 'gzip')).toBe('"abc_-12-gzip"');
    expect(uncodedTag(' W/"abc_-12-gzip"')).toBe(etag);
    expect(uncodedTag('"abc_-12-br"')).toBe(etag);
    expect(uncodedTag(etag)).toBe(etag);
  });
});
