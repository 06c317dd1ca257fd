import type { NEWSLETTER_MESSAGES as SHARED_NEWSLETTER_MESSAGES } from '@keyhaven/shared';

/**
 * NEWSLETTER_MESSAGES of @keyhaven/shared, verbatim (the type is the shared object's, literal for
 * literal). Restated rather than imported: the shared module that holds them also builds the zod
 * schemas, which would ride along into the page.
 */
export const NEWSLETTER_MESSAGES: typeof SHARED_NEWSLETTER_MESSAGES = {
  subscribed: 'You have successfully subscribed',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
};
