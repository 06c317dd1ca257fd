import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { accounts, sessions, users, verifications } from '../../db/schema.js';
import { resolveSessionSecret } from '../../lib/session-secret.js';

export const SESSION_COOKIE_PREFIX = 'keyhaven';
export const GOOGLE_PROVIDER_ID = 'google';

/**
 * Google sign-in is plain OpenID Connect (PKCE, state and nonce) against a configurable issuer,
 * so tests can run it against a local provider. A Google account joins an existing password
 * account with the same e-mail only when the provider vouches that the e-mail is verified.
 */
function googleSignIn(google: NonNullable<Config['google']>) {
  return genericOAuth({
    config: [
      {
        providerId: GOOGLE_PROVIDER_ID,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        discoveryUrl: `${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        mapProfileToUser: (profile) => ({
          name:
            typeof profile.name === 'string' && profile.name ? profile.name : String(profile.email),
          email: String(profile.email),
          image:
            typeof profile.picture === 'string' && profile.picture.startsWith('https://')
              ? profile.picture
              : undefined,
          emailVerified: profile.email_verified === true || profile.email_verified === 'true',
        }),
      },
    ],
  });
}

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
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    plugins: [
      bearer(),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      ...(config.google ? [googleSignIn(config.google)] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
