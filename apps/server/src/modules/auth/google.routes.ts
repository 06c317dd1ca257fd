import { AUTH_MESSAGES } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { GOOGLE_PROVIDER_ID } from './auth.js';

/** Only paths of this site: an absolute or protocol-relative address would be an open redirect. */
const ZReturnTo = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])/)
  .catch('/');

const GOOGLE_ERROR_PATH = '/login?error=google';

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
      const headers = new Headers();
      if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
      const response = await app.auth.handler(new Request(url, { headers }));
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      const location = response.headers.get('location');
      // A callback that cannot be trusted (forged or replayed state) has no error address of its
      // own; better-auth then points at its error page, which we do not serve: use the login page.
      const failed =
        !location || new URL(location, app.config.publicUrl).pathname === '/api/auth/error';
      return reply.redirect(failed ? GOOGLE_ERROR_PATH : location, 302);
    },
  );
};
