import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { accounts, sessions, users, verifications } from '../../db/schema.js';
import { resolveSessionSecret } from '../../lib/session-secret.js';

export const SESSION_COOKIE_PREFIX = 'keyhaven';

/** better-auth does the password hashing, sessions and tokens; our routes wrap its API. */
export function createAuth(config: Config, db: Database, log: FastifyBaseLogger) {
  return betterAuth({
    logger: {
      // Its messages join our structured log instead of the console.
      log: (level, message, ...args) => {
        log[level]({ source: 'better-auth', details: args }, message);
      },
    },
    appName: config.brandName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveSessionSecret(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, autoSignIn: true },
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
        country: { type: 'string', required: false, input: true },
        birth: { type: 'string', required: false, input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [bearer(), admin({ defaultRole: 'user', adminRoles: ['admin'] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
