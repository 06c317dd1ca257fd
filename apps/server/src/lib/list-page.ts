import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptedCodings,
  type ContentCoding,
  codedTag,
  compress,
  MIN_COMPRESSED_BYTES,
  uncodedTag,
  ZSTD_FAST_LEVEL,
} from './content-coding.js';
import { OffThreadZstd } from './zstd-off-thread.js';

/**
 * An answer serialised and encoded once (a kept answer is sent many times, and encoding its text
 * on every send costs more than the rest of the request), with the compressed copies made of it.
 */
export interface EncodedAnswer {
  body: Buffer;
  /** The body compressed, once per coding a client took, for the next clients. */
  compressed?: Partial<Record<ContentCoding, Buffer>>;
}

/** A public list page, encoded once, with its total and the ETag that names it. */
export interface ListPage extends EncodedAnswer {
  total: number;
  etag: string;
  /** Whether the page was sent before: a page sent again is worth compressing harder. */
  sentBefore?: boolean;
}

/**
 * What a kept page weighs: its body and the compressed copies it may come to hold (a fast one
 * and Brotli's, with a second fast one for browsers of the other kind), a JSON list compressing
 * to about a fifth of itself.
 */
export const listPageBytes = (page: ListPage) => Math.ceil(page.body.length * 1.6);

/**
 * A map view's page or pins, written out for one send: most map views are asked for once, so it
 * is neither kept nor made into a buffer of its own. Its text is written, as it is sent, into a
 * buffer every such page reuses and compressed from there, so a client that takes a coding costs
 * the server one new buffer, the compressed copy: with a buffer of the whole text besides, a map
 * view under load brought V8 a full collection every 0.3 s.
 */
export interface JoinedPage {
  /** The length of its text in bytes. */
  bytes: number;
  /** Writes its text at the start of `target`, which has room for it. */
  writeTo: (target: Buffer) => void;
  total: number;
  etag: string;
}

/** A page that is a JSON list of answers each already encoded (see JoinedPage). */
export function joinedList(pieces: Buffer[], total: number, etag: string): JoinedPage {
  return {
    bytes: pieces.reduce(
      (bytes, piece) => bytes + piece.length,
      2 + Math.max(0, pieces.length - 1),
    ),
    writeTo: (target) => {
      let at = 0;
      target[at++] = 0x5b; // [
      pieces.forEach((piece, i) => {
        if (i > 0) target[at++] = 0x2c; // ,
        at += piece.copy(target, at);
      });
      target[at] = 0x5d; // ]
    },
    total,
    etag,
  };
}

export function withEtag(page: { body: string | Buffer; total: number }): ListPage {
  const body = typeof page.body === 'string' ? Buffer.from(page.body) : page.body;
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 27);
  return { body, total: page.total, etag: `"${hash}-${page.total}"` };
}

/**
 * Sends a page: 304 when the client's copy is current, else the serialised JSON body. Clients
 * may keep it but must ask again (the ETag makes asking cheap); a signed-in page says `private`.
 */
export function sendListPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ListPage | JoinedPage,
  cacheControl: 'no-cache' | 'private, no-cache' = 'no-cache',
) {
  const acceptEncoding = request.headers['accept-encoding'];
  let coding: ContentCoding | null;
  if ('writeTo' in page) {
    coding = codingFor(page.bytes, acceptEncoding, false);
  } else {
    // A page's first send is compressed at the fastest setting the client takes (most map views
    // are asked for once); a page sent again is worth Brotli's smaller copy, kept for later
    // clients.
    const sentBefore = page.sentBefore === true;
    page.sentBefore = true;
    coding = codingFor(page.body.length, acceptEncoding, sentBefore || !!page.compressed?.br);
  }
  reply.header('x-total-count', page.total).header('etag', codedTag(page.etag, coding));
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const given = request.headers['if-none-match'];
  if (given?.split(',').some((tag) => uncodedTag(tag) === page.etag)) {
    return reply.code(304).send();
  }
  return 'writeTo' in page ? sendJoined(reply, page, coding) : sendCoded(reply, page, coding);
}

/**
 * Sends a kept answer that is sent again and again (a listing's details): compressed with Brotli
 * at its first send where the client takes it, and each copy kept with it. `copyMade` is told the
 * size of a copy made, so that the cache holding the answer can count it.
 */
export function sendKeptAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
  copyMade: (bytes: number) => void,
) {
  const coding = codingFor(answer.body.length, request.headers['accept-encoding'], true);
  const copying = coding !== null && !answer.compressed?.[coding];
  reply.header('vary', 'accept-encoding');
  const sent = sendCoded(reply, answer, coding);
  if (copying) copyMade(answer.compressed?.[coding]?.length ?? 0);
  return sent;
}

/**
 * The coding an answer of `bytes` goes out in: Brotli where the client takes it and its smaller
 * copy is worth the time (`brotliWorthIt`: a copy is kept, or will be), else the fastest the
 * client takes (zstd, else gzip), else none.
 */
function codingFor(
  bytes: number,
  acceptEncoding: string | undefined,
  brotliWorthIt: boolean,
): ContentCoding | null {
  if (bytes < MIN_COMPRESSED_BYTES) return null;
  const takes = acceptedCodings(acceptEncoding);
  if (takes.br && brotliWorthIt) return 'br';
  if (takes.zstd) return 'zstd';
  if (takes.gzip) return 'gzip';
  return takes.br ? 'br' : null;
}

function sendCoded(reply: FastifyReply, answer: EncodedAnswer, coding: ContentCoding | null) {
  reply.type('application/json; charset=utf-8');
  if (!coding) return reply.send(answer.body);
  answer.compressed ??= {};
  answer.compressed[coding] ??= compress(answer.body, coding);
  return reply.header('content-encoding', coding).send(answer.compressed[coding]);
}

/** Where joined pages are written, one at a time (see JoinedPage), grown as a page needs. */
let joining = Buffer.allocUnsafeSlow(64 * 1024);

/** Map pages in zstd, which most browsers take, compressed on a thread of their own. */
const offThreadZstd = new OffThreadZstd(ZSTD_FAST_LEVEL);

function sendJoined(reply: FastifyReply, page: JoinedPage, coding: ContentCoding | null) {
  const compressing = coding === 'zstd' ? offThreadZstd.compress(page.bytes, page.writeTo) : null;
  if (!compressing) return sendJoinedHere(reply, page, coding);
  return compressing.then((compressed) => {
    if (!compressed) return sendJoinedHere(reply, page, coding);
    reply.type('application/json; charset=utf-8');
    return reply.header('content-encoding', 'zstd').send(compressed);
  });
}

function sendJoinedHere(reply: FastifyReply, page: JoinedPage, coding: ContentCoding | null) {
  if (joining.length < page.bytes) joining = Buffer.allocUnsafeSlow(page.bytes * 2);
  page.writeTo(joining);
  const text = joining.subarray(0, page.bytes);
  reply.type('application/json; charset=utf-8');
  // A copy when sent as it is: the socket may hold the buffer after this returns, and the next
  // page is written in the same one.
  if (!coding) return reply.send(Buffer.from(text));
  return reply.header('content-encoding', coding).send(compress(text, coding));
}
