import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Browser features Keyhaven never uses, denied to our pages and to anything they embed: no
 * camera, microphone or location, no in-page payments (checkout happens on the provider's own
 * page), no USB, serial, HID, Bluetooth or MIDI devices, no motion sensors. Only features
 * browsers know, so none of them logs a warning.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

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
          // Only our own images: a picture from another host would tell that host who looked at
          // which page, and when. blob: previews a photo before it is uploaded; data: holds the
          // API docs' icons.
          imgSrc: ["'self'", 'data:', 'blob:'],
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

    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (!SAFE_METHODS.has(request.method) && isCrossSite(request, publicOrigin)) {
        throw forbidden('Cross-site requests are not allowed');
      }
    });

    // API answers (every route that declares its access) may hold personal data: no browser or
    // shared cache keeps them, unless a route chose its own caching.
    app.addHook('onSend', async (request, reply) => {
      const access = (request.routeOptions.config as { access?: unknown } | undefined)?.access;
      if (access !== undefined && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });

    // PostgreSQL text cannot hold a NUL character: refuse it as bad input (after the access
    // check and the schema), rather than let the database fail the request.
    app.addHook('preHandler', async (request) => {
      for (const [part, value] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        const field = nulCharacterAt(value);
        if (field !== undefined) {
          const name = field || part;
          throw new AppError('VALIDATION_FAILED', 'Text cannot contain NUL characters', {
            [name]: 'Text cannot contain NUL characters',
          });
        }
      }
    });
  },
  { name: 'security' },
);
