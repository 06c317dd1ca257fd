import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The web app's pages the links open (apps/web/src/lib/paths.ts). */
const paths = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
} as const;

/** The person an account e-mail goes to, as better-auth hands them over. */
export interface MailedAccount {
  id: string;
  name: string;
  email: string;
}

/** The e-mails that recover or confirm an account, each queued once per link it carries. */
export interface AccountMailer {
  passwordReset(account: MailedAccount, token: string): Promise<void>;
  verifyEmail(account: MailedAccount, token: string): Promise<void>;
  passwordChanged(account: MailedAccount): Promise<void>;
}

/** A token stands in an idempotency key only as its digest: the key is stored and logged. */
const tokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Account e-mails through `app.mail`, looked up as each one is sent: better-auth is configured
 * before the mail plugin has decorated the app.
 */
export function accountMailer(app: FastifyInstance): AccountMailer {
  const link = (path: string, token?: string) => {
    const page = `${app.config.publicUrl.replace(/\/$/, '')}${path}`;
    return token ? `${page}?${new URLSearchParams({ token })}` : page;
  };
  return {
    passwordReset: async (account, token) =>
      app.mail.enqueue({
        key: `password-reset:${tokenDigest(token)}`,
        to: account.email,
        userId: account.id,
        template: 'password-reset',
        props: { name: account.name, resetUrl: link(paths.resetPassword, token) },
      }),
    verifyEmail: async (account, token) =>
      app.mail.enqueue({
        // Each request is a mail of its own: a link asked for again within the same second is
        // the same link, and it must still go out.
        key: `verify-email:${account.id}:${randomUUID()}`,
        to: account.email,
        userId: account.id,
        template: 'verify-email',
        props: { verifyUrl: link(paths.verifyEmail, token) },
      }),
    passwordChanged: async (account) =>
      app.mail.enqueue({
        // One notice per change: the time tells two changes apart.
        key: `password-changed:${account.id}:${Date.now()}`,
        to: account.email,
        userId: account.id,
        template: 'password-changed',
        props: { name: account.name, forgotUrl: link(paths.forgotPassword) },
      }),
  };
}
