import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_RECOVERY_MESSAGES,
  ZForgotPasswordRequest,
  ZMessageResponse,
  ZResetPasswordRequest,
  ZVerifyEmailRequest,
} from '@keyhaven/shared';
import { ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { isAPIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { handleConfirmationMails } from './account-mail.js';

/** The queue that looks an address up and mails its reset link, away from the request. */
export const PASSWORD_RESET_QUEUE = 'password-reset-request';

const HOUR_MS = 60 * 60 * 1000;
/** Address confirmations one client address may send in an hour, unless it may create more accounts. */
const CONFIRMATIONS_PER_HOUR = 30;
/**
 * Reset mails one address receives in an hour, whoever asks: enough for a person who mistyped
 * or lost a mail, too few to flood an inbox. Past it, requests are answered as usual and dropped.
 */
export const RESET_MAILS_PER_ADDRESS = 5;

/** better-auth refused a token (unknown, used, expired, forged): anything else is our failure. */
async function refusedToken<T>(attempt: Promise<T>, message: string): Promise<T> {
  try {
    return await attempt;
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      throw new AppError('VALIDATION_FAILED', message);
    }
    throw error;
  }
}

/** Forgot password, reset password and e-mail confirmation, on better-auth's own flows. */
export const accountRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle<{ email: string }>(PASSWORD_RESET_QUEUE, async ({ email }) => {
    // better-auth finds the account and, when there is one, stores the token's digest and calls
    // the mailer, which sends the link from this job: the job holds the address, never the link.
    // For an unknown address it does nothing.
    await app.auth.api.requestPasswordReset({ body: { email } });
  });
  handleConfirmationMails(app);

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link, if the account exists; always the same answer',
        body: ZForgotPasswordRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      // Known and unknown addresses take the same path here: one counter, one queued job. The
      // lookup happens in the job, so neither the answer nor its timing says whether it exists.
      const asked = await app.counters.hit(`password-reset:${email}`, HOUR_MS);
      if (asked <= RESET_MAILS_PER_ADDRESS) {
        await app.jobs.send(PASSWORD_RESET_QUEUE, { email }, { key: randomUUID() });
      }
      return { message: ACCOUNT_RECOVERY_MESSAGES.forgotSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link from the mail; signs out every session',
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      await refusedToken(
        app.auth.api.resetPassword({ body: { token, newPassword: password } }),
        ACCOUNT_RECOVERY_MESSAGES.resetInvalid,
      );
      return { message: ACCOUNT_RECOVERY_MESSAGES.resetDone };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: {
        access: 'public',
        // Tokens are too long to guess; the limit slows a script all the same. An address may
        // confirm at least as many accounts as it may create.
        rateLimit: {
          max: Math.max(CONFIRMATIONS_PER_HOUR, app.config.registrationsPerHour),
          timeWindow: '1 hour',
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail address with the token from the mailed link',
        body: ZVerifyEmailRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await refusedToken(
        app.auth.api.verifyEmail({ query: { token: request.body.token } }),
        ACCOUNT_RECOVERY_MESSAGES.verifyInvalid,
      );
      return { message: ACCOUNT_RECOVERY_MESSAGES.verified };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Mail the signed-in account a new confirmation link',
        response: { 200: ZMessageResponse, ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      if (user.emailVerified) return { message: ACCOUNT_RECOVERY_MESSAGES.verified };
      const asked = await app.counters.hit(`verify-resend:${user.id}`, HOUR_MS);
      if (asked > ENGAGEMENT_LIMITS.verificationResendsPerHour) {
        throw new AppError('RATE_LIMITED', ACCOUNT_RECOVERY_MESSAGES.verifyResendTooSoon);
      }
      await app.auth.api.sendVerificationEmail({
        body: { email: user.email },
        headers: fromNodeHeaders(request.headers),
      });
      return { message: ACCOUNT_RECOVERY_MESSAGES.verifyResent };
    },
  );
};
