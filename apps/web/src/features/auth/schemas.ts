import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
} from '@keyhaven/shared';
import { LIMITS, PASSWORD_STRENGTH, PHONE_PATTERN } from '@keyhaven/shared/constants';
import {
  ACCOUNT_LABELS,
  ACCOUNT_RECOVERY_MESSAGES,
  AUTH_MESSAGES,
  requiredMessage,
  tooLongMessage,
} from '@keyhaven/shared/texts';
import * as z from 'zod/mini';
import type { Exactly } from '@/lib/contract-twins';

/*
 * zod/mini twins of ZRegisterRequest and ZLoginRequest in @keyhaven/shared, so the forms show
 * exactly the messages the server sends: the same checks in the same order, zod's own e-mail and
 * date patterns, and the messages of AUTH_MESSAGES. The first failing check of a field
 * is what the form shows, as with the server's piped schemas.
 *
 * Why twins: the shared schemas are built with zod "classic", which only the agent's forms and
 * the test checkout load; with it, the sign-in and registration pages would download about 11 KB
 * gzip more. `Exactly` turns any drift of the shapes into a compile error, and
 * e2e/identity.spec.ts compares the form's messages with the server's for the same input.
 */

const requiredChecks = (label: string, max: number) => [
  z.trim(),
  z.minLength(1, requiredMessage(label)),
  z.maxLength(max, tooLongMessage(label, max)),
];
const requiredText = (label: string, max: number, ...more: z.core.$ZodCheck<string>[]) =>
  z.string({ error: requiredMessage(label) }).check(...requiredChecks(label, max), ...more);

/** Trimmed and lower-cased before the pattern, as on the server. */
const email = () =>
  requiredText(
    ACCOUNT_LABELS.email,
    LIMITS.emailMaxLength,
    z.toLowerCase(),
    z.regex(z.regexes.email, AUTH_MESSAGES.invalidEmail),
  );

/** A password as typed, never trimmed: required, then each form's own checks. */
const password = (...more: z.core.$ZodCheck<string>[]) =>
  z
    .string({ error: requiredMessage(ACCOUNT_LABELS.password) })
    .check(z.minLength(1, requiredMessage(ACCOUNT_LABELS.password)), ...more);

const passwordNotTooLong = () =>
  z.maxLength(LIMITS.passwordMaxLength, AUTH_MESSAGES.passwordTooLong);

/** A password being chosen: at registration and on a reset, the same rules both times. */
const newPassword = () =>
  password(
    z.minLength(LIMITS.passwordMinLength, AUTH_MESSAGES.passwordTooShort),
    passwordNotTooLong(),
    z.regex(PASSWORD_STRENGTH, AUTH_MESSAGES.passwordTooWeak),
  );

const registerTwin = z.object({
  name: requiredText(ACCOUNT_LABELS.name, LIMITS.nameMaxLength),
  email: email(),
  phone: requiredText(
    ACCOUNT_LABELS.phone,
    LIMITS.phoneMaxLength,
    z.regex(PHONE_PATTERN, AUTH_MESSAGES.invalidPhone),
  ),
  country: requiredText(ACCOUNT_LABELS.country, LIMITS.countryMaxLength),
  birth: requiredText(
    ACCOUNT_LABELS.birth,
    LIMITS.dateLength,
    z.regex(z.regexes.date, AUTH_MESSAGES.invalidDate),
    z.refine((value) => new Date(value) < new Date(), AUTH_MESSAGES.birthInFuture),
  ),
  password: newPassword(),
  // Set from the upload, never typed: the server checks that it is one of our uploads.
  photo: z.optional(z.nullable(z.string())),
});

type RegisterInput = z.input<typeof ZRegisterRequest>;

/** What the registration form validates with; the server runs ZRegisterRequest on the same. */
export const ZRegisterForm: z.ZodMiniType<
  Exactly<z.output<typeof registerTwin>, RegisterRequest>,
  Exactly<z.input<typeof registerTwin>, RegisterInput>
> = registerTwin;

const loginTwin = z.object({ email: email(), password: password(passwordNotTooLong()) });
/** What the sign-in form validates with (e-mail and password required). */
export const ZLoginForm: z.ZodMiniType<
  Exactly<z.output<typeof loginTwin>, LoginRequest>,
  Exactly<z.input<typeof loginTwin>, z.input<typeof ZLoginRequest>>
> = loginTwin;

const forgotTwin = z.object({ email: email() });
/** What the forgot-password form validates with; the server runs ZForgotPasswordRequest. */
export const ZForgotPasswordForm: z.ZodMiniType<
  Exactly<z.output<typeof forgotTwin>, ForgotPasswordRequest>,
  Exactly<z.input<typeof forgotTwin>, z.input<typeof ZForgotPasswordRequest>>
> = forgotTwin;

/**
 * The reset form: the new password under the registration rules (the server's
 * ZResetPasswordRequest checks it again, with the token from the link), typed twice.
 */
export const ZResetPasswordForm = z
  .object({
    password: newPassword(),
    confirmPassword: z
      .string()
      .check(z.minLength(1, ACCOUNT_RECOVERY_MESSAGES.confirmPasswordRequired)),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      message: ACCOUNT_RECOVERY_MESSAGES.passwordsDiffer,
      path: ['confirmPassword'],
    }),
  );
export type ResetPasswordForm = z.output<typeof ZResetPasswordForm>;
