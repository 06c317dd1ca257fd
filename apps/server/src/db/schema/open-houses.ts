import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { properties } from './marketplace.js';
import { createdAt } from './timestamps.js';

/**
 * A time buyers may walk into a listed home without asking first. Times are the home's wall clock:
 * the instants are kept with the IANA zone the agent entered them in and the home's local date,
 * so "this weekend" and the badge read the day as it is where the home stands.
 */
export const openHouses = pgTable(
  'open_houses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A listing's upcoming open houses, and the overlap check when one is added.
    index('open_houses_property_starts_idx').on(t.propertyId, t.startsAt),
    // "Open house this weekend": the weekend's open houses found by their date, not per listing.
    index('open_houses_local_date_idx').on(t.localDate, t.propertyId),
    check('open_houses_starts_before_ends', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);
