import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';

/**
 * The codings list answers are compressed with: every browser takes gzip and Brotli; Chrome, Edge
 * and Firefox take zstd too.
 */
export type ContentCoding = 'br' | 'zstd' | 'gzip';

/** Below this an answer goes out as it is: compressing it saves less than its headers weigh. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Which of our codings an `Accept-Encoding` header takes: a coding it names with a weight above
 * zero, or `*` for those it does not name (`x-gzip` is gzip's old name).
 */
export function acceptedCodings(header: string | undefined): Record<ContentCoding, boolean> {
  const weights = new Map<string, number>();
  for (const item of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const takes = (coding: ContentCoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  return { br: takes('br'), zstd: takes('zstd'), gzip: takes('gzip') };
}

/**
 * Compresses an answer, each coding at the one setting it is used for. zstd and gzip at their
 * fastest are for a page's first send (most map views are asked for once): on a 43 KB page zstd
 * costs about half of gzip's CPU and gives 8 % fewer bytes, and gzip is for the browsers without
 * zstd. Brotli at quality 5 is for a page sent again, compressed once and kept: a tenth smaller
 * than either, for several times their CPU.
 */
export function compress(body: Buffer, coding: ContentCoding): Buffer {
  switch (coding) {
    case 'zstd':
      return zstdCompressSync(body, { params: { [constants.ZSTD_c_compressionLevel]: 1 } });
    case 'gzip':
      return gzipSync(body, { level: 1 });
    case 'br':
      return brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
  }
}

/**
 * The ETag of one coding of an answer: each coding is a representation of its own, so its tag
 * differs (`"…-br"`), and a client's tag names the same answer whatever its coding.
 */
export function codedTag(etag: string, coding: ContentCoding | null) {
  return coding ? `${etag.slice(0, -1)}-${coding}"` : etag;
}

/** The answer a client's ETag names, its coding taken off (see codedTag). */
export function uncodedTag(tag: string) {
  return tag
    .trim()
    .replace(/^W\//, '')
    .replace(/-(?:br|zstd|gzip)"$/, '"');
}
