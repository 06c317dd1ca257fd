import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

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
 * The headers every answer carries: helmet's content security policy and friends, the
 * permissions policy, and no caching of API answers.
 */
export const securityHeadersPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      isProduction: boolean;
      mapStyleUrl?: string;
      /** Hash sources of the built page's own inline scripts (`pageScriptSources`). */
      pageScripts: string[];
    },
  ) => {
    // A hosted basemap (MAP_STYLE_URL) is fetched by the map from its own host.
    const mapHost = options.mapStyleUrl ? [new URL(options.mapStyleUrl).origin] : [];
    // With S3_PUBLIC_URL, /uploads/ sends browsers to the bucket's public address for the file.
    const { storage } = app.config;
    const imageHost =
      storage.driver === 's3' && storage.publicUrl ? [new URL(storage.publicUrl).origin] : [];
    // Built once: the headers are the same for every answer, and building helmet's middleware
    // per request (as its Fastify plugin does) cost about a twentieth of a small request's time.
    const setHelmetHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...options.pageScripts],
          // Toasts and dialogs position themselves with inline styles; scripts stay locked down.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Only our own images (and our own bucket's): a picture from another host would tell
          // that host who looked at which page, and when. blob: previews a photo before it is
          // uploaded; data: holds the API docs' icons.
          imgSrc: ["'self'", 'data:', 'blob:', ...imageHost],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...mapHost],
          // The map draws in workers it starts from its own code held as a blob: URL.
          workerSrc: ["'self'", 'blob:'],
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

    app.addHook('onRequest', (request, reply, done) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      setHelmetHeaders(request.raw, reply.raw, (error) => {
        done(error instanceof Error ? error : undefined);
      });
    });

    // API answers (every route that declares its access) may hold personal data: no browser or
    // shared cache keeps them, unless a route chose its own caching.
    app.addHook('onSend', async (request, reply) => {
      const access = (request.routeOptions.config as { access?: unknown } | undefined)?.access;
      if (access !== undefined && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'security-headers' },
);
