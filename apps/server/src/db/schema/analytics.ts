import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { reportReasonEnum, reportStatusEnum } from './enums.js';
import { users } from './identity.js';
import { properties } from './marketplace.js';
import { createdAt } from './timestamps.js';

/* Seeing the business: listing analytics, the admins' dashboard and reported listings. */

/**
 * Admins' approvals and rejections per UTC day, counted in the transaction that records each
 * decision in the audit trail: the dashboard reads a year of them as 365 rows, not as every
 * entry of the trail.
 */
export const listingDecisionDays = pgTable('listing_decision_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  approved: integer('approved').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
});

/**
 * A listing's figures per UTC day: details-page views by distinct visitors and saves to wish
 * lists. Offers, acceptances and sales are counted from the offers and payments themselves.
 */
export const listingDailyStats = pgTable(
  'listing_daily_stats',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    saves: integer('saves').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.day] })],
);

/**
 * Who already viewed a listing today, as a keyed hash of the visitor that changes every day:
 * it cannot be traced back to an account nor linked across days, and rows of past days are
 * deleted. A view is counted only when its key is new, in the same statement.
 */
export const listingViewKeys = pgTable(
  'listing_view_keys',
  {
    day: date('day', { mode: 'string' }).notNull(),
    propertyId: uuid('property_id').notNull(),
    visitorKey: text('visitor_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.propertyId, t.visitorKey] })],
);

/**
 * A person's report of a listing. At most one open report per person and listing; an admin's
 * decision closes every open report of the listing at once. The title is kept so the reporter
 * and the trail still name a listing that was removed.
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    propertyTitle: text('property_title').notNull(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReasonEnum('reason').notNull(),
    note: text('note').notNull().default(''),
    status: reportStatusEnum('status').notNull().default('open'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('listing_reports_note_length', sql`char_length(${t.note}) <= 1000`),
    uniqueIndex('listing_reports_one_open_idx')
      .on(t.propertyId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('listing_reports_open_idx')
      .on(t.propertyId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('listing_reports_reporter_idx').on(t.reporterId),
  ],
);
