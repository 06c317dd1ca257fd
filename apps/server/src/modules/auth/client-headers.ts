import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';

/**
 * A request's headers for better-auth, with X-Forwarded-For set to the client address the server
 * settled on (only the proxies in TRUST_PROXY are believed). better-auth records that header's
 * address with every new session; left as sent, it would be whatever the client wrote there.
 */
export function clientHeaders(request: FastifyRequest, headers = fromNodeHeaders(request.headers)) {
  headers.set('x-forwarded-for', request.ip);
  return headers;
}
