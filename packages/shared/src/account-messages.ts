import { LIMITS, type Role } from './constants.js';
import { NEWSLETTER_MESSAGES, tooLongMessage } from './messages.js';

/* The words of signing up and signing in: apart from the first download, as the sign-in pages are. */

/** The registration form's labels, which also begin its messages (`Full Name is required`). */
export const ACCOUNT_LABELS = {
  name: 'Full Name',
  email: 'Email',
  phone: 'Phone Number',
  country: 'Country',
  birth: 'Date of Birth',
  password: 'Password',
} as const;

export const AUTH_MESSAGES = {
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooWeak: 'Password must contain uppercase, lowercase, and numbers',
  passwordTooLong: tooLongMessage(ACCOUNT_LABELS.password, LIMITS.passwordMaxLength),
  invalidEmail: NEWSLETTER_MESSAGES.invalidEmail,
  invalidPhone: 'Please enter a valid phone number',
  invalidDate: 'Please enter a valid date',
  birthInFuture: 'Date of Birth must be in the past',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  loginFailedTitle: 'Login Failed',
  loginFailed: 'Login failed. Please try again.',
  googleFailed: 'Google Login Failed',
  registered: 'Registered successfully!',
  registrationErrorTitle: 'Registration Error',
  profileSaveFailed: 'Failed to save user data',
} as const;

export const roleChangedMessage = (role: Role) => `User role has been updated to ${role}`;
