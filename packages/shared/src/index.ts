/* Everything both sides agree on: the zod-free constants and texts, and the zod contract. */
export * from './auth.js';
export * from './entries/constants.js';
export * from './entries/texts.js';
export * from './errors.js';
export * from './health.js';
export * from './numbers.js';
export * from './offers.js';
export * from './payments.js';
export * from './photos.js';
export * from './places.js';
export * from './properties.js';
export * from './reviews.js';
export * from './uploads.js';
export * from './users.js';
export * from './validation-messages.js';
