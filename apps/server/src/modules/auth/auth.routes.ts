import {
  AUTH_MESSAGES,
  ZAuthProvidersResponse,
  ZAuthResponse,
  ZLoginRequest,
  ZMessageResponse,
  ZRegisterRequest,
  ZSessionResponse,
} from '@keyhaven/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, conflict, unauthenticated } from '../../lib/app-error.js';
import { BODY_LIMITS } from '../../lib/body-limits.js';
import { errorResponses } from '../../lib/error-responses.js';
import { requireOwnPhoto } from '../uploads/upload-references.js';
import { accountRecoveryRoutes } from './account-recovery.routes.js';
import { assertEmailFree, findUserByEmail } from './auth.service.js';
import { clientHeaders } from './client-headers.js';
import { createLoginThrottle, type Sleep } from './login-throttle.js';
import { toUserView } from './user-view.js';

/** Copies better-auth's cookies onto our reply and hands back its JSON body. */
async function relay(response: Response, reply: FastifyReply) {
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  return (await response.json().catch(() => ({}))) as { token?: string; code?: string };
}

/**
 * How long a failed sign-in takes at least: above what hashing and lookups take, also on a busy
 * two-core server, where a password hash alone took up to 350 ms and a floor of 250 ms let an
 * existing account's extra lookup show.
 */
const FAILED_SIGN_IN_MS = 500;
const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

export interface AuthRoutesOptions {
  /** How a slowed sign-in waits (tests record the wait instead of waiting). */
  sleep?: Sleep;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  // Sign-in, registration and recovery forms are a few short fields: nothing bigger is read.
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= BODY_LIMITS.signIn;
  });
  const throttle = createLoginThrottle(app.counters, {
    slowdownMs: app.config.loginSlowdownMs,
    sleep: options.sleep,
  });
  await app.register(accountRecoveryRoutes);

  app.post(
    '/auth/register',
    {
      config: {
        access: 'public',
        rateLimit: { max: app.config.registrationsPerHour, timeWindow: '1 hour' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (role user) and sign in',
        body: ZRegisterRequest,
        response: { 200: ZAuthResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { password, photo, ...profile } = request.body;
      await assertEmailFree(app.db, profile.email);
      // Uploading needs an account, so a photo sent here must be one the client registering
      // uploaded while signed in; the web app registers first and sends the photo afterwards.
      const registering = await request.currentUser();
      await requireOwnPhoto(app.db, { url: photo, ownerId: registering?.id });

      // Only profile fields pass through: the role is better-auth's default, `user`.
      const response = await app.auth.api.signUpEmail({
        body: { ...profile, password, image: photo ?? undefined },
        headers: clientHeaders(request),
        asResponse: true,
      });
      const body = await relay(response, reply);
      if (response.status === 422 || body.code === 'USER_ALREADY_EXISTS') {
        throw conflict(AUTH_MESSAGES.emailTaken);
      }
      if (!response.ok || !body.token) {
        throw new AppError('INTERNAL', AUTH_MESSAGES.profileSaveFailed);
      }
      const created = await findUserByEmail(app.db, profile.email);
      if (!created) throw new AppError('INTERNAL', AUTH_MESSAGES.profileSaveFailed);
      return { user: toUserView(created), token: body.token };
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: ZLoginRequest,
        response: { 200: ZAuthResponse, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { email, password } = request.body;
      // Refuses a client past its limits; when the account is under attack and this address has
      // not signed in to it lately, waits here, before the password is checked, so the wait is
      // the same whether the password is right or wrong.
      await throttle.begin(email, request.ip);
      const response = await app.auth.api
        .signInEmail({
          body: { email, password },
          headers: clientHeaders(request),
          asResponse: true,
        })
        .catch(async (error: unknown) => {
          await throttle.unchecked(email, request.ip);
          throw error;
        });
      if (response.status >= 500) {
        await throttle.unchecked(email, request.ip);
        throw new AppError('INTERNAL', AUTH_MESSAGES.loginFailed);
      }
      if (!response.ok) {
        // The attempt stays counted as a failure. Unknown e-mail and wrong password read the
        // same, and better-auth hashes either way; but an existing account costs it one more
        // query, so every failure answers no sooner than a fixed time, and both take as long.
        await sleep(started + FAILED_SIGN_IN_MS - performance.now());
        throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
      }
      await throttle.succeeded(email, request.ip);
      const body = await relay(response, reply);
      const user = await findUserByEmail(app.db, email);
      if (!user || !body.token) throw new AppError('INTERNAL', AUTH_MESSAGES.loginFailed);
      return { user: toUserView(user), token: body.token };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        response: { 200: ZMessageResponse },
      },
    },
    async (request, reply) => {
      const response = await app.auth.api.signOut({
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      await relay(response, reply);
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/auth/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null',
        response: { 200: ZSessionResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await request.currentUser();
      return { user: user ? toUserView(user) : null };
    },
  );

  app.get(
    '/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in providers are enabled',
        response: { 200: ZAuthProvidersResponse },
      },
    },
    async () => ({ google: Boolean(app.config.google) }),
  );
};
