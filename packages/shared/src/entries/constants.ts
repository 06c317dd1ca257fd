/*
 * `@keyhaven/shared/constants`: the product's lists, limits, codes and the helpers that need no
 * schema library. Pages import them from here so their download carries no zod.
 */

export * from '../business-constants.js';
export * from '../buying-dates.js';
export * from '../comparables.js';
export * from '../constants.js';
export * from '../en-us-format.js';
export * from '../error-codes.js';
export * from '../geo.js';
export * from '../images.js';
export * from '../listing-history.js';
export * from '../money.js';
export * from '../notification-kinds.js';
export * from '../number-input.js';
export * from '../open-house-times.js';
export * from '../page-forms.js';
export * from '../roles.js';
export * from '../shopping-together-rules.js';
export * from '../tour-times.js';
