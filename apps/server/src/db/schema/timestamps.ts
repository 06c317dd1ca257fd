import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made, and last changed: every table's own clock, with its time zone. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
