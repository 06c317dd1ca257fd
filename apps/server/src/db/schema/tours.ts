import type { TourWeeklyRange } from '@keyhaven/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tourCancellerEnum, tourKindEnum, tourStatusEnum } from './enums.js';
import { users } from './identity.js';
import { properties } from './marketplace.js';
import { createdAt, updatedAt } from './timestamps.js';

/**
 * When a listing's agent shows the home, on the home's wall clock: weekly hours, the length of a
 * tour and days off. `time_zone` is the one the agent chose for a listing without a map position;
 * a pinned listing's zone always comes from its pin.
 */
export const tourAvailability = pgTable(
  'tour_availability',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone'),
    slotMinutes: integer('slot_minutes').notNull().default(30),
    weekly: jsonb('weekly').$type<TourWeeklyRange[]>().notNull().default(sql`'[]'::jsonb`),
    daysOff: date('days_off', { mode: 'string' }).array().notNull().default(sql`'{}'`),
    updatedAt: updatedAt(),
  },
  (t) => [check('tour_availability_slot_minutes', sql`${t.slotMinutes} in (30, 45, 60, 90, 120)`)],
);

/**
 * A buyer's viewing of a listing with its agent. The listing's title and place are kept with it:
 * a withdrawn listing's tours stay in both sides' lists (cancelled), the listing itself gone.
 */
export const tours = pgTable(
  'tours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyTitle: text('property_title').notNull(),
    propertyLocation: text('property_location').notNull(),
    kind: tourKindEnum('kind').notNull(),
    note: text('note').notNull().default(''),
    status: tourStatusEnum('status').notNull().default('pending'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The home's IANA zone when it was requested: the wall clock of its times. */
    timeZone: text('time_zone').notNull(),
    proposedStartsAt: timestamp('proposed_starts_at', { withTimezone: true }),
    proposedEndsAt: timestamp('proposed_ends_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelledBy: tourCancellerEnum('cancelled_by'),
    declineReason: text('decline_reason'),
    /** The agent's first answer (confirm, propose or decline): their response time. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Reminders sent for the current start; cleared when the tour moves. */
    reminded24hAt: timestamp('reminded_24h_at', { withTimezone: true }),
    reminded1hAt: timestamp('reminded_1h_at', { withTimezone: true }),
    /** The invitation's SEQUENCE: one more with every change. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tours_starts_before_ends', sql`${t.startsAt} < ${t.endsAt}`),
    check(
      'tours_proposal_complete',
      sql`(${t.proposedStartsAt} is null) = (${t.proposedEndsAt} is null)`,
    ),
    // One listing, one time: the guarantee behind the lock when two buyers pick the same slot.
    // The time a tour holds is the proposed one while the agent's new time waits for the buyer.
    uniqueIndex('tours_one_per_listing_slot_idx')
      .on(t.propertyId, sql`coalesce(proposed_starts_at, starts_at)`)
      .where(sql`${t.status} in ('pending', 'confirmed', 'rescheduled')`),
    // One open request per buyer and listing.
    uniqueIndex('tours_one_open_per_buyer_listing_idx')
      .on(t.buyerId, t.propertyId)
      .where(sql`${t.status} in ('pending', 'confirmed', 'rescheduled')`),
    // The agent's list, and the check that an agent is in one place at a time.
    index('tours_agent_starts_idx').on(t.agentId, t.startsAt),
    // The buyer's list, and their own overlap check.
    index('tours_buyer_starts_idx').on(t.buyerId, t.startsAt),
    // A listing's tours, cancelled when it is sold or withdrawn.
    index('tours_property_idx').on(t.propertyId),
  ],
);
