import { createHash, randomUUID } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.js';
import { resolveSessionSecret } from '../../lib/session-secret.js';

/** The web app's pages the links open (apps/web/src/lib/paths.ts). */
const paths = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
} as const;

/** How long a confirmation link works: a day, as the mail may be read the next morning. */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

/** The queue that makes an account's confirmation link and mails it, away from the request. */
export const CONFIRMATION_MAIL_QUEUE = 'email-confirmation-link';

/** The person an account e-mail goes to, as better-auth hands them over. */
export interface MailedAccount {
  id: string;
  name: string;
  email: string;
}

/**
 * The e-mails that recover or confirm an account. A link that opens or confirms an account is
 * never stored, in a job or anywhere: a reset link is mailed by the job that made it, and a
 * confirmation link is made by the job that mails it.
 */
export interface AccountMailer {
  /** Runs inside the reset request's job, which better-auth's token never leaves. */
  passwordReset(account: MailedAccount, token: string): Promise<void>;
  /** Queues the account's confirmation mail; its link is made as it is sent. */
  verifyEmail(account: MailedAccount): Promise<void>;
  passwordChanged(account: MailedAccount): Promise<void>;
}

/** A token stands in an idempotency key only as its digest: the key is stored and logged. */
const tokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

function linkTo(app: FastifyInstance, path: string, token?: string) {
  const page = `${app.config.publicUrl.replace(/\/$/, '')}${path}`;
  return token ? `${page}?${new URLSearchParams({ token })}` : page;
}

/**
 * Account e-mails through `app.mail`, looked up as each one is sent: better-auth is configured
 * before the mail plugin has decorated the app.
 */
export function accountMailer(app: FastifyInstance): AccountMailer {
  return {
    passwordReset: async (account, token) =>
      app.mail.sendNow({
        key: `password-reset:${tokenDigest(token)}`,
        to: account.email,
        userId: account.id,
        template: 'password-reset',
        props: { resetUrl: linkTo(app, paths.resetPassword, token) },
      }),
    verifyEmail: async (account) =>
      // Each request is a mail of its own: one asked for again must still go out.
      app.jobs.send(CONFIRMATION_MAIL_QUEUE, { userId: account.id }, { key: randomUUID() }),
    passwordChanged: async (account) =>
      app.mail.enqueue({
        // One notice per change: the time tells two changes apart.
        key: `password-changed:${account.id}:${Date.now()}`,
        to: account.email,
        userId: account.id,
        template: 'password-changed',
        props: { name: account.name, forgotUrl: linkTo(app, paths.forgotPassword) },
      }),
  };
}

/**
 * Handles the confirmation mails' queue: the link is made for the account's address as the mail
 * goes out (an account deleted or confirmed meanwhile gets none), and a failed send is tried
 * again with a new link under the same mail key, so it still goes out once.
 */
export function handleConfirmationMails(app: FastifyInstance) {
  const secret = resolveSessionSecret(app.config);
  app.jobs.handle<{ userId: string }>(CONFIRMATION_MAIL_QUEUE, async ({ userId }, job) => {
    const [account] = await app.db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId));
    if (!account || account.emailVerified) return;
    const token = await createEmailVerificationToken(
      secret,
      account.email,
      undefined,
      VERIFY_LINK_SECONDS,
      { userId },
    );
    await app.mail.sendNow({
      key: `verify-email:${userId}:${job.id}`,
      to: account.email,
      userId,
      template: 'verify-email',
      props: { verifyUrl: linkTo(app, paths.verifyEmail, token) },
    });
  });
}
