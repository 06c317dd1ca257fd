import { AUTH_MESSAGES } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { GOOGLE_PROVIDER_ID } from './auth.js';
import { clientHeaders } from './client-headers.js';

/** Only paths of this site: an absolute or protocol-relative address would be an open redirect. */
const ZReturnTo = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])/)
  .catch('/');

const GOOGLE_ERROR_PATH = '/login?error=google';
/** The person declined at the provider (OpenID's `access_denied`): a choice, not a failure. */
const GOOGLE_CANCELLED_PATH = '/login?error=google_cancelled';

/**
 * Where the browser goes once the provider has answered. better-auth sends a failure to our error
 * address with the provider's `error` (and its free-text description) appended: a cancellation
 * gets a reason of its own, and the provider's words stay out of the address bar. A callback that
 * cannot be trusted (forged or replayed state) has no error address of its own; better-auth then
 * points at its error page, which we do not serve: the login page it is.
 */
function afterGoogleCallback(location: string | null, publicUrl: string): string {
  if (!location) return GOOGLE_ERROR_PATH;
  const target = new URL(location, publicUrl);
  if (target.pathname === '/api/auth/error') return GOOGLE_ERROR_PATH;
  const errors = target.searchParams.getAll('error');
  if (target.pathname !== '/login' || !errors.includes('google')) return location;
  return errors.includes('access_denied') ? GOOGLE_CANCELLED_PATH : GOOGLE_ERROR_PATH;
}

export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/google',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Start Google sign-in (OpenID Connect); redirects to the provider',
        querystring: z.object({ returnTo: ZReturnTo.optional() }),
        response: { 302: z.undefined(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      if (!app.config.google) throw notFound('Google sign-in is not enabled');
      const response = await app.auth.handler(
        new Request(`${app.config.publicUrl}/api/auth/sign-in/social`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
          body: JSON.stringify({
            provider: GOOGLE_PROVIDER_ID,
            callbackURL: request.query.returnTo ?? '/',
            errorCallbackURL: GOOGLE_ERROR_PATH,
          }),
        }),
      );
      if (!response.ok) throw new AppError('UNAVAILABLE', AUTH_MESSAGES.googleFailed);
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      const { url } = (await response.json()) as { url: string };
      return reply.redirect(url, 302);
    },
  );

  // The provider sends the browser back here; better-auth checks state, PKCE and nonce.
  app.get(
    '/api/auth/callback/:providerId',
    { schema: { hide: true, params: z.object({ providerId: z.literal(GOOGLE_PROVIDER_ID) }) } },
    async (request, reply) => {
      if (!app.config.google) throw notFound('Google sign-in is not enabled');
      const url = new URL(request.url, app.config.publicUrl);
      const headers = clientHeaders(request, new Headers());
      if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
      const response = await app.auth.handler(new Request(url, { headers }));
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      const location = response.headers.get('location');
      return reply.redirect(afterGoogleCallback(location, app.config.publicUrl), 302);
    },
  );
};
