/*
 * `@keyhaven/shared/texts`: the words people read, the same on the server and in the web pages.
 * Pages import them from here so their download carries no zod.
 */

export * from '../account-messages.js';
export * from '../agent-messages.js';
export * from '../business-messages.js';
export * from '../engagement-messages.js';
export * from '../estimate-messages.js';
export * from '../listing-history-messages.js';
export * from '../messages.js';
export * from '../offer-messages.js';
export * from '../open-house-messages.js';
export * from '../photo-messages.js';
export * from '../shopping-together-messages.js';
export * from '../sold-messages.js';
export * from '../tour-messages.js';
export * from '../tour-screen-messages.js';
