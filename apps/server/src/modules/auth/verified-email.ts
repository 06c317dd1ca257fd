import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from './session-user.js';

/**
 * Money and commitments need an address that answers: an account whose e-mail is not confirmed
 * browses freely but is refused (403 EMAIL_NOT_VERIFIED, which does not sign anyone out) with
 * `message`, which says what to do.
 */
export function requireVerifiedEmail(user: SessionUser, message: string) {
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', message);
}
