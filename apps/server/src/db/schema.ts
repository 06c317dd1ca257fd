/*
 * The database's tables, enums and the shapes of their JSON columns, one file per part in
 * db/schema/. The code imports them from here, and drizzle-kit reads them from here
 * (drizzle.config.ts) to write each migration.
 */
export * from './schema/analytics.js';
export * from './schema/enums.js';
export * from './schema/identity.js';
export * from './schema/listing-history.js';
export * from './schema/marketplace.js';
export * from './schema/notifications.js';
export * from './schema/open-houses.js';
export * from './schema/shopping-together.js';
export * from './schema/tours.js';
