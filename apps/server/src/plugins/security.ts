import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/app-error.js';

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

export const securityPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string; isProduction: boolean }) => {
    const publicOrigin = new URL(options.publicUrl).origin;

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Toasts and dialogs position themselves with inline styles; scripts stay locked down.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: options.isProduction ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.isProduction,
    });

    app.addHook('onRequest', async (request) => {
      if (!SAFE_METHODS.has(request.method) && isCrossSite(request, publicOrigin)) {
        throw forbidden('Cross-site requests are not allowed');
      }
    });
  },
  { name: 'security' },
);
