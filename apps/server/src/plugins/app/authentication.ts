import type { Role } from '@keyhaven/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../../lib/app-error.js';
import { ShortLivedCache } from '../../lib/short-lived-cache.js';
import { accountMailer } from '../../modules/auth/account-mail.js';
import { type Auth, createAuth } from '../../modules/auth/auth.js';
import { findSessionWithUser, findUserById } from '../../modules/auth/auth.service.js';
import { presentedSession } from '../../modules/auth/session-token.js';
import type { SessionUser } from '../../modules/auth/session-user.js';

/** Who may call a route: checked before the body is even validated. */
export type Access = 'public' | 'signed-in' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route writes only a buyer's own everyday records (a wishlist entry, an offer, a
     * message, a saved search, a notification read): never an account, a role or a session, so
     * its answer leaves the session cache as it is.
     */
    leavesAccounts?: boolean;
  }
  interface FastifyInstance {
    auth: Auth;
    /**
     * Whose session these request headers carry now, or null when it has ended: for a
     * connection that outlives its request, such as the live notification stream.
     */
    sessionUser(headers: FastifyRequest['headers']): Promise<SessionUser | null>;
    /**
     * One or all of a person's sessions ended, or the account went: no lookup may find them
     * again, and the person's open pages are told at once.
     */
    sessionsEnded(userId: string): void;
  }
  interface FastifyRequest {
    /** The signed-in user read fresh from the database, or null; resolved once per request. */
    currentUser(): Promise<SessionUser | null>;
    /** The signed-in user, or a 401. */
    requireUser(): Promise<SessionUser>;
    /** The signed-in user holding one of the roles, or a 401/403. */
    requireRole(...roles: Role[]): Promise<SessionUser>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

type FoundSession = Awaited<ReturnType<typeof findSessionWithUser>>;

/** Requests that only read: every other one may change an account or end a session. */
const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The role and the account's existence come from our table, so a role change, a fraud marking,
 * a deletion or a sign-out applies to the very next request. A session token in the usual form
 * is looked up with its user in one indexed query; better-auth handles every other case itself:
 * unusual credentials, and sessions that have expired (it deletes them) or are due for renewal
 * (it extends them).
 *
 * Browsing a catalogue asks for the same session many times a second, so each process may keep
 * what that query found for a few seconds (`SESSION_CACHE_SECONDS`). Every request that is not a
 * plain read empties it before its answer is sent, whatever it did: role changes, deletions,
 * fraud markings, bans, sign-outs and profile edits all arrive as such requests, so none of them
 * is ever missed by its next request. The only writes that leave it are the routes declaring
 * `leavesAccounts`, a buyer's everyday saves, offers and messages, which half of a buyer's
 * requests are: a route that forgets the declaration only costs a lookup. A lookup that raced
 * with such a change is not kept. With
 * `REDIS_URL` several instances serve one site and another one may make the change, so there is
 * no cache at all: one query per request.
 */
async function resolveUser(
  app: FastifyInstance,
  headers: FastifyRequest['headers'],
  sessions: ShortLivedCache<FoundSession>,
) {
  const context = await app.auth.$context;
  const presented = presentedSession(headers, {
    name: context.authCookies.sessionToken.name,
    secret: context.secret,
  });
  if (presented.kind === 'none') return null;
  if (presented.kind === 'token') {
    const { token } = presented;
    const found = await sessions.get(token, () => findSessionWithUser(app.db, token));
    if (!found) return null;
    const { expiresIn, updateAge } = context.sessionConfig;
    const renewsAt = found.expiresAt.getTime() - (expiresIn - updateAge) * 1000;
    if (Math.min(renewsAt, found.expiresAt.getTime()) > Date.now()) return found.user;
  }
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!session) return null;
  return (await findUserById(app.db, session.user.id)) ?? null;
}

/** Sessions come from the cookie or the `Authorization: Bearer` header (better-auth's bearer plugin). */
export const authenticationPlugin = fp(
  async (app: FastifyInstance) => {
    const sessions = new ShortLivedCache<FoundSession>(
      app.config.redisUrl ? 0 : app.config.sessionCacheSeconds * 1000,
    );
    app.decorate('sessionsEnded', (userId: string) => {
      // Emptied now, not when the answer is sent: the open pages look their sessions up at once.
      sessions.invalidate();
      app.live
        .publish(userId, { type: 'session' })
        .catch((error) => app.log.warn({ err: error, userId }, 'live update not published'));
    });
    app.decorate(
      'auth',
      createAuth(app.config, app.db, app.log, {
        mailer: accountMailer(app),
        onSessionEnded: (userId) => app.sessionsEnded(userId),
      }),
    );
    app.decorate('sessionUser', (headers: FastifyRequest['headers']) =>
      resolveUser(app, headers, sessions),
    );
    if (sessions.enabled) {
      app.addHook('onSend', async (request, _reply, payload) => {
        if (!READING.has(request.method) && request.routeOptions.config.leavesAccounts !== true) {
          sessions.invalidate();
        }
        return payload;
      });
    }

    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = resolveUser(app, this.headers, sessions);
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('requireUser', async function (this: FastifyRequest) {
      const user = await this.currentUser();
      if (!user) throw unauthenticated();
      return user;
    });
    app.decorateRequest('requireRole', async function (this: FastifyRequest, ...roles: Role[]) {
      const user = await this.requireUser();
      if (!roles.includes(user.role)) throw forbidden();
      return user;
    });

    app.addHook('onRoute', (route) => {
      const access = (route.config as { access?: Access } | undefined)?.access;
      if (!access || access === 'public') return;
      const check = async (request: FastifyRequest) => {
        if (access === 'signed-in') await request.requireUser();
        else await request.requireRole(...access);
      };
      const existing = route.preValidation ?? [];
      route.preValidation = [check, ...(Array.isArray(existing) ? existing : [existing])];
    });
  },
  { name: 'authentication' },
);
