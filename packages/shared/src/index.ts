export * from './auth.js';
export * from './constants.js';
export * from './errors.js';
export * from './health.js';
export * from './messages.js';
export * from './roles.js';
export * from './uploads.js';
export * from './users.js';
