import {
  LIMITS,
  type LoginRequest,
  type RegisterRequest,
  requiredMessage,
  type ZLoginRequest,
  type ZRegisterRequest,
} from '@keyhaven/shared';
import * as z from 'zod/mini';
import type { Exactly } from '@/lib/contract-twins';
import { AUTH_MESSAGES } from './messages';

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
  z.maxLength(max, `${label} must be at most ${max} characters`),
];
const requiredText = (label: string, max: number, ...more: z.core.$ZodCheck<string>[]) =>
  z.string({ error: requiredMessage(label) }).check(...requiredChecks(label, max), ...more);

/** Trimmed and lower-cased before the pattern, as on the server. */
const email = () =>
  requiredText('Email', 254, z.toLowerCase(), z.regex(z.regexes.email, AUTH_MESSAGES.invalidEmail));

const registerTwin = z.object({
  name: requiredText('Full Name', 100),
  email: email(),
  phone: requiredText(
    'Phone Number',
    30,
    z.regex(/^\+?[\d\s().-]{6,30}$/, 'Please enter a valid phone number'),
  ),
  country: requiredText('Country', 60),
  birth: requiredText(
    'Date of Birth',
    10,
    z.regex(z.regexes.date, 'Please enter a valid date'),
    z.refine((value) => new Date(value) < new Date(), AUTH_MESSAGES.birthInFuture),
  ),
  password: z
    .string({ error: requiredMessage('Password') })
    .check(
      z.minLength(1, requiredMessage('Password')),
      z.minLength(LIMITS.passwordMinLength, AUTH_MESSAGES.passwordTooShort),
      z.maxLength(128, 'Password must be at most 128 characters'),
      z.regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, AUTH_MESSAGES.passwordTooWeak),
    ),
  // Set from the upload, never typed: the server checks that it is one of our uploads.
  photo: z.optional(z.nullable(z.string())),
});

type RegisterInput = z.input<typeof ZRegisterRequest>;

/** What the registration form validates with; the server runs ZRegisterRequest on the same. */
export const ZRegisterForm: z.ZodMiniType<
  Exactly<z.output<typeof registerTwin>, RegisterRequest>,
  Exactly<z.input<typeof registerTwin>, RegisterInput>
> = registerTwin;

const loginTwin = z.object({
  email: email(),
  password: z
    .string({ error: requiredMessage('Password') })
    .check(z.minLength(1, requiredMessage('Password')), z.maxLength(128)),
});
/** What the sign-in form validates with (e-mail and password required). */
export const ZLoginForm: z.ZodMiniType<
  Exactly<z.output<typeof loginTwin>, LoginRequest>,
  Exactly<z.input<typeof loginTwin>, z.input<typeof ZLoginRequest>>
> = loginTwin;
