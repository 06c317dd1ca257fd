import { createHash } from 'node:crypto';
import { isOwnImageUrl } from '@keyhaven/shared';
import { ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer, genericOAuth } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { accounts, sessions, users, verifications } from '../../db/schema.js';
import { resolveSessionSecret } from '../../lib/session-secret.js';
import { imagePipelineFor } from '../uploads/image-pipeline.js';
import { createPictureCopier, type PictureCopier } from '../uploads/profile-picture.js';
import { claimUpload } from '../uploads/upload-references.js';
import { type AccountMailer, type MailedAccount, VERIFY_LINK_SECONDS } from './account-mail.js';
import { createPasswordHashing, passwordHashesAtOnce } from './password-hashing.js';
import { forgetResetLinks, RESET_LINK_PREFIX } from './reset-links.js';

const SESSION_COOKIE_PREFIX = 'keyhaven';
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
          // Only a new account gets it, copied into our storage first (see profilePictures).
          image: typeof profile.picture === 'string' ? profile.picture : undefined,
          emailVerified: profile.email_verified === true || profile.email_verified === 'true',
        }),
      },
    ],
  });
}

/** Google serves profile pictures from googleusercontent.com; another issuer from its own host. */
function pictureHosts(config: Config) {
  const issuerHost = config.google ? new URL(config.google.issuer).hostname : undefined;
  return (hostname: string) =>
    hostname === issuerHost ||
    hostname === 'googleusercontent.com' ||
    hostname.endsWith('.googleusercontent.com');
}

/**
 * A person's picture is always one of our uploads. A new account's picture from the sign-in
 * provider is copied into our storage once, as the account is made; an address from elsewhere
 * is never stored, so no page ever loads it from the provider. Later sign-ins keep the photo the
 * person has.
 */
function profilePictures(db: Database, log: FastifyBaseLogger, pictures: PictureCopier) {
  return {
    user: {
      create: {
        before: async (user: { image?: string | null }) => {
          if (!user.image || isOwnImageUrl(user.image)) return;
          return { data: { image: (await pictures.copy(user.image)) ?? null } };
        },
        // Every new account (registration, Google, the admin tool) owns the photo it starts with.
        after: async (user: { id: string; image?: string | null }) => {
          // Ownership is bookkeeping: losing it must not fail the sign-in.
          await claimUpload(db, user.image, user.id).catch((error: unknown) => {
            log.warn({ err: error }, 'profile picture not claimed');
          });
        },
      },
      update: {
        before: async (user: { image?: string | null }) => {
          if (typeof user.image !== 'string' || isOwnImageUrl(user.image)) return;
          const { image: _dropped, ...rest } = user;
          return { data: rest };
        },
      },
    },
  };
}

/**
 * Password reset and e-mail confirmation through better-auth's own flows, mailed by `mailer`.
 * A reset signs out every session of the account and makes every other reset link useless;
 * reset tokens are stored only as digests, and no link is ever queued, so a copy of the database
 * cannot take over or confirm accounts.
 */
function accountRecovery(db: Database, mailer: AccountMailer) {
  return {
    emailAndPassword: {
      sendResetPassword: ({ user, token }: { user: MailedAccount; token: string }) =>
        mailer.passwordReset(user, token),
      resetPasswordTokenExpiresIn: ENGAGEMENT_LIMITS.passwordResetMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }: { user: MailedAccount }) => {
        await forgetResetLinks(db, user.id);
        // The link came through the mailbox: whoever used it holds the address, so an account
        // someone else registered with it unconfirmed is now its owner's, and confirmed.
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        await mailer.passwordChanged(user);
      },
    },
    emailVerification: {
      // better-auth's link is left unused: the mail's own job makes one as it sends it.
      sendVerificationEmail: ({ user }: { user: MailedAccount }) => mailer.verifyEmail(user),
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_SECONDS,
    },
    verification: {
      storeIdentifier: {
        default: 'plain' as const,
        overrides: {
          // The prefix stays readable, so an account's links can be found and dropped together.
          [RESET_LINK_PREFIX]: {
            hash: async (identifier: string) =>
              `${RESET_LINK_PREFIX}${createHash('sha256').update(identifier).digest('base64url')}`,
          },
        },
      },
    },
  };
}

/** What the site does beside better-auth's own work; the admin tool needs neither. */
export interface AuthCompanions {
  /** Sends account e-mail; without it none is asked for. */
  mailer?: AccountMailer;
  /**
   * Told of every session that ends through better-auth (a sign-out, a password reset, a ban),
   * after its transaction, so the person's open pages learn of it at once.
   */
  onSessionEnded?: (userId: string) => void;
}

/** Every session's end is told, besides the profile pictures' bookkeeping. */
function databaseHooks(
  pictureHooks: ReturnType<typeof profilePictures>,
  onSessionEnded: AuthCompanions['onSessionEnded'],
) {
  if (!onSessionEnded) return pictureHooks;
  return {
    ...pictureHooks,
    session: {
      delete: {
        after: async (session: { userId: string }) => onSessionEnded(session.userId),
      },
    },
  };
}

/** better-auth does the password hashing, sessions and tokens; our routes wrap its API. */
export function createAuth(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  { mailer, onSessionEnded }: AuthCompanions = {},
) {
  const recovery = mailer ? accountRecovery(db, mailer) : undefined;
  const pictures = createPictureCopier({
    db,
    pipeline: imagePipelineFor(config),
    log,
    allowHttp: !config.isProduction,
    allowedHost: pictureHosts(config),
  });
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
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      autoSignIn: true,
      password: createPasswordHashing(passwordHashesAtOnce(config.database)),
      ...recovery?.emailAndPassword,
    },
    emailVerification: recovery?.emailVerification,
    verification: recovery?.verification,
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
    databaseHooks: databaseHooks(profilePictures(db, log, pictures), onSessionEnded),
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    plugins: [
      bearer(),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      ...(config.google ? [googleSignIn(config.google)] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
