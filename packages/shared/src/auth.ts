import { z } from 'zod';
import { ACCOUNT_LABELS, AUTH_MESSAGES } from './account-messages.js';
import { LIMITS, PASSWORD_STRENGTH, PHONE_PATTERN } from './constants.js';
import { ACCOUNT_RECOVERY_MESSAGES } from './engagement-messages.js';
import { requiredMessage, tooLongMessage } from './messages.js';
import { IMAGE_MESSAGES } from './photo-messages.js';
import { ownImageUrlInput } from './uploads.js';
import { ZUser } from './users.js';

/** A required text field whose every failure reads `{Label} is required`. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, tooLongMessage(label, max));

const email = () =>
  requiredText(ACCOUNT_LABELS.email, LIMITS.emailMaxLength)
    .toLowerCase()
    .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

/** A password as typed, never trimmed: required, then each form's own checks. */
const password = () =>
  z
    .string({ error: requiredMessage(ACCOUNT_LABELS.password) })
    .min(1, requiredMessage(ACCOUNT_LABELS.password));

/** A password being chosen, at registration or on a reset: the same rules both times. */
const newPassword = () =>
  password()
    .min(LIMITS.passwordMinLength, AUTH_MESSAGES.passwordTooShort)
    .max(LIMITS.passwordMaxLength, AUTH_MESSAGES.passwordTooLong)
    .regex(PASSWORD_STRENGTH, AUTH_MESSAGES.passwordTooWeak);

/**
 * A profile photo: the address of one of our uploads (an empty string means none). Photos from
 * other hosts are refused, so no page ever makes a visitor's browser call another host.
 */
export const ZPhotoUrl = ownImageUrlInput(IMAGE_MESSAGES.photoNotUploaded);

export const ZRegisterRequest = z
  .object({
    name: requiredText(ACCOUNT_LABELS.name, LIMITS.nameMaxLength),
    email: email(),
    phone: requiredText(ACCOUNT_LABELS.phone, LIMITS.phoneMaxLength).pipe(
      z.string().regex(PHONE_PATTERN, AUTH_MESSAGES.invalidPhone),
    ),
    country: requiredText(ACCOUNT_LABELS.country, LIMITS.countryMaxLength),
    birth: requiredText(ACCOUNT_LABELS.birth, LIMITS.dateLength).pipe(
      z.iso
        .date({ error: AUTH_MESSAGES.invalidDate })
        .refine((value) => new Date(value) < new Date(), AUTH_MESSAGES.birthInFuture),
    ),
    password: newPassword(),
    photo: ZPhotoUrl,
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

/** Sets or removes (null or '') the signed-in user's own profile photo. */
export const ZProfilePhotoRequest = z
  .object({ photo: ZPhotoUrl })
  .meta({ id: 'ProfilePhotoRequest' });
export type ProfilePhotoRequest = z.infer<typeof ZProfilePhotoRequest>;

export const ZLoginRequest = z
  .object({
    email: email(),
    password: password().max(LIMITS.passwordMaxLength, AUTH_MESSAGES.passwordTooLong),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAuthResponse = z
  .object({ user: ZUser, token: z.string() })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof ZAuthResponse>;

export const ZAuthProvidersResponse = z
  .object({ google: z.boolean() })
  .meta({ id: 'AuthProvidersResponse' });
export type AuthProvidersResponse = z.infer<typeof ZAuthProvidersResponse>;

/** Always answered the same way, whether or not the account exists. */
export const ZForgotPasswordRequest = z
  .object({ email: email() })
  .meta({ id: 'ForgotPasswordRequest' });
export type ForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** The token from the e-mailed link, and the new password under the registration rules. */
export const ZResetPasswordRequest = z
  .object({ token: z.string().trim().min(1).max(512), password: newPassword() })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/**
 * The reset page's form as it posts: the request, and the new password typed a second time,
 * which must match. The web form checks the same with its zod/mini twin.
 */
export const ZResetPasswordForm = ZResetPasswordRequest.extend({
  confirmPassword: z.string().min(1, ACCOUNT_RECOVERY_MESSAGES.confirmPasswordRequired),
}).refine((form) => form.password === form.confirmPassword, {
  message: ACCOUNT_RECOVERY_MESSAGES.passwordsDiffer,
  path: ['confirmPassword'],
});

/** The token from the e-mailed confirmation link, which the verify page sends back. */
export const ZVerifyEmailRequest = z
  .object({ token: z.string().trim().min(1).max(2048) })
  .meta({ id: 'VerifyEmailRequest' });
export type VerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;
