import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A public list page, serialised and encoded once (a cached page is sent many times, and encoding
 * its text on every send costs more than the rest of the request), with its total and the ETag
 * that names it.
 */
export interface ListPage {
  body: Buffer;
  total: number;
  etag: string;
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
  page: ListPage,
  cacheControl: 'no-cache' | 'private, no-cache' = 'no-cache',
) {
  reply.header('x-total-count', page.total).header('etag', page.etag);
  reply.header('cache-control', cacheControl);
  const given = request.headers['if-none-match'];
  if (given?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(page.body);
}
