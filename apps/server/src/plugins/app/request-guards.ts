import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, invalidField } from '../../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An unsafe request made by another site's page is refused: with cookie sessions, that is
 * what keeps a forged form or fetch from acting as the signed-in user.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin) {
    const ownOrigin = `${request.protocol}://${request.host}`;
    return origin !== publicOrigin && origin !== ownOrigin;
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** Where a NUL character hides in parsed input (`''` for the value itself), or undefined. */
function nulCharacterAt(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) {
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    const at = nulCharacterAt(child, path ? `${path}.${key}` : key, depth + 1);
    if (at !== undefined) return at;
  }
  return undefined;
}

/** What never reaches a handler: writes forged by another site, and text with NUL characters. */
export const requestGuardsPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    const publicOrigin = new URL(options.publicUrl).origin;

    app.addHook('onRequest', async (request) => {
      if (!SAFE_METHODS.has(request.method) && isCrossSite(request, publicOrigin)) {
        throw forbidden('Cross-site requests are not allowed');
      }
    });

    // PostgreSQL text cannot hold a NUL character: refuse it as bad input (after the access
    // check and the schema), rather than let the database fail the request.
    app.addHook('preHandler', async (request) => {
      // The path and query can hold one only written into the address, or percent-encoded: an
      // address without either spares walking every parsed value (a drawn outline's hundred
      // corners) on every map view.
      const url = request.raw.url ?? '';
      const inAddress = url.includes('%00') || url.includes('\u0000');
      for (const [part, value] of [
        ['params', inAddress ? request.params : undefined],
        ['query', inAddress ? request.query : undefined],
        ['body', request.body],
      ] as const) {
        const field = nulCharacterAt(value);
        if (field !== undefined) {
          throw invalidField(field || part, 'Text cannot contain NUL characters');
        }
      }
    });
  },
  { name: 'request-guards' },
);
