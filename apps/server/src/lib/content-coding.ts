import { brotliCompressSync, constants, gzipSync, ZstdCompress, zstdCompressSync } from 'node:zlib';

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
      return fastZstd.compress(body);
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

/** zstd's fastest level, at which every first send of a page is compressed. */
export const ZSTD_FAST_LEVEL = 1;
const ZSTD_FASTEST = { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_FAST_LEVEL } };

/** What a zlib engine keeps inside: Node's own zlib calls do their work through these. */
interface EngineInternals {
  _handle?: {
    writeSync(
      flush: number,
      input: Buffer,
      inOff: number,
      inLen: number,
      output: Buffer,
      outOff: number,
      outLen: number,
    ): void;
  };
  /** After a write: the room left in the output, then the input not yet read. */
  _writeState?: Uint32Array;
}

/**
 * zstd at its fastest, with one compression context kept and used for answer after answer. Node's
 * one-shot call makes a context (about a megabyte of tables) for each answer and frees it: under a
 * map's load that was a third of the time compression took, and the new tables pushed the rest of
 * the page's work out of the processor's cache. Each answer is still a whole zstd frame of its
 * own, decoded without any other. Node has no public call for this, so it writes through the
 * engine's handle as Node's one-shot call does; `contextsMade` lets a test see that the context is
 * kept on the Node the project pins.
 */
export class ZstdCompressor {
  private engine: (ZstdCompress & EngineInternals) | undefined;
  private output = Buffer.allocUnsafeSlow(64 * 1024);
  contextsMade = 0;

  compress(body: Buffer): Buffer {
    // More than ZSTD_compressBound(body.length), so one write always holds the whole frame.
    const room = body.length + (body.length >> 8) + 1024;
    if (this.output.length < room) this.output = Buffer.allocUnsafeSlow(room * 2);
    const engine = this.context();
    const handle = engine._handle;
    const state = engine._writeState;
    if (!handle || !state) return this.compressAlone(body);
    handle.writeSync(
      constants.ZSTD_e_end,
      body,
      0,
      body.length,
      this.output,
      0,
      this.output.length,
    );
    const [roomLeft = 0, unread = 1] = state;
    if (engine.destroyed || unread !== 0 || roomLeft === 0) return this.compressAlone(body);
    // A copy: the socket may hold it after the answer is sent, and the next answer is written here.
    return Buffer.from(this.output.subarray(0, this.output.length - roomLeft));
  }

  private context() {
    if (!this.engine) {
      const engine: ZstdCompress & EngineInternals = new ZstdCompress(ZSTD_FASTEST);
      // A failed write destroys the engine and reports it here; the answer is then made alone.
      engine.on('error', () => {});
      this.engine = engine;
      this.contextsMade += 1;
    }
    return this.engine;
  }

  /** The answer compressed by Node's one-shot call; the kept context, if it failed, is dropped. */
  private compressAlone(body: Buffer) {
    this.engine?.destroy();
    this.engine = undefined;
    return zstdCompressSync(body, ZSTD_FASTEST);
  }
}

const fastZstd = new ZstdCompressor();

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
