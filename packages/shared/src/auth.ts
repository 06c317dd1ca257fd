import { z } from 'zod';
import { LIMITS } from './constants.js';
import { AUTH_MESSAGES, IMAGE_MESSAGES, requiredMessage } from './messages.js';
import { ownImageUrlInput } from './uploads.js';
import { ZUser } from './users.js';

/** A required text field whose every failure reads `{Label} is required`. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, `${label} must be at most ${max} characters`);

const email = (label = 'Email') =>
  requiredText(label, 254)
    .toLowerCase()
    .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

/**
 * A profile photo: the address of one of our uploads (an empty string means none). Photos from
 * other hosts are refused, so no page ever makes a visitor's browser call another host.
 */
export const ZPhotoUrl = ownImageUrlInput(IMAGE_MESSAGES.photoNotUploaded);

export const ZRegisterRequest = z
  .object({
    name: requiredText('Full Name', 100),
    email: email(),
    phone: requiredText('Phone Number', 30).pipe(
      z.string().regex(/^\+?[\d\s().-]{6,30}$/, 'Please enter a valid phone number'),
    ),
    country: requiredText('Country', 60),
    birth: requiredText('Date of Birth', 10).pipe(
      z.iso
        .date({ error: 'Please enter a valid date' })
        .refine((value) => new Date(value) < new Date(), AUTH_MESSAGES.birthInFuture),
    ),
    password: z
      .string({ error: requiredMessage('Password') })
      .min(1, requiredMessage('Password'))
      .min(LIMITS.passwordMinLength, AUTH_MESSAGES.passwordTooShort)
      .max(128, 'Password must be at most 128 characters')
      .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, AUTH_MESSAGES.passwordTooWeak),
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
    password: z
      .string({ error: requiredMessage('Password') })
      .min(1, requiredMessage('Password'))
      .max(128),
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
