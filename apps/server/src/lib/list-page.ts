import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptedCodings,
  type ContentCoding,
  codedTag,
  compress,
  MIN_COMPRESSED_BYTES,
  uncodedTag,
} from './content-coding.js';

/**
 * A public list page, serialised and encoded once (a cached page is sent many times, and encoding
 * its text on every send costs more than the rest of the request), with its total and the ETag
 * that names it.
 */
export interface ListPage {
  body: Buffer;
  total: number;
  etag: string;
  /** The body compressed, once per coding a client took, for the next clients (see sendListPage). */
  compressed?: Partial<Record<ContentCoding, Buffer>>;
  /** Whether the page was sent before: a page sent again is worth compressing harder. */
  sentBefore?: boolean;
}

/**
 * What a kept page weighs: its body and the compressed copies it may come to hold (a fast one
 * and Brotli's, with a second fast one for browsers of the other kind), a JSON list compressing
 * to about a fifth of itself.
 */
export const listPageBytes = (page: ListPage) => Math.ceil(page.body.length * 1.6);

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
  page: ListPage,
  cacheControl: 'no-cache' | 'private, no-cache' = 'no-cache',
) {
  const coding = codingFor(page, request.headers['accept-encoding']);
  reply.header('x-total-count', page.total).header('etag', codedTag(page.etag, coding));
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const given = request.headers['if-none-match'];
  if (given?.split(',').some((tag) => uncodedTag(tag) === page.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (!coding) return reply.send(page.body);
  return reply.header('content-encoding', coding).send(codedBody(page, coding));
}

/**
 * The coding a page goes out in. A page's first send is compressed at the fastest setting the
 * client takes (zstd, else gzip: most map views are asked for once); a page sent again is
 * compressed once more with Brotli, smaller, and kept for every later client that takes it.
 */
function codingFor(page: ListPage, acceptEncoding: string | undefined): ContentCoding | null {
  const sentBefore = page.sentBefore === true;
  page.sentBefore = true;
  if (page.body.length < MIN_COMPRESSED_BYTES) return null;
  const takes = acceptedCodings(acceptEncoding);
  if (takes.br && (page.compressed?.br || sentBefore)) return 'br';
  if (takes.zstd) return 'zstd';
  if (takes.gzip) return 'gzip';
  return takes.br ? 'br' : null;
}

function codedBody(page: ListPage, coding: ContentCoding) {
  page.compressed ??= {};
  page.compressed[coding] ??= compress(page.body, coding);
  return page.compressed[coding];
}
