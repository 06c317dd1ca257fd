import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { alertFrequencyEnum, emailDeliveryStatusEnum, notificationKindEnum } from './enums.js';
import { users } from './identity.js';
import { properties } from './marketplace.js';
import { createdAt, updatedAt } from './timestamps.js';

/* Keeping people told: notifications, e-mail, saved searches and messages. */

/** A rectangle of the map, as PostgreSQL's built-in `box` (x = longitude, y = latitude). */
const box = customType<{ data: string; driverData: string }>({ dataType: () => 'box' });

/**
 * What a person was told of. One event tells each person once: `event_key` names the event
 * (`offer_accepted:<offer id>`), and a repeated event (a job run twice) adds nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_event_idx').on(t.userId, t.eventKey),
    index('notifications_user_newest_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A person's choices; no row means the defaults: every kind by e-mail, alerts right away. */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The kinds that come in the app only. */
  emailOff: notificationKindEnum('email_off').array().notNull().default(sql`'{}'`),
  /** Also turned off by an alert e-mail's one-click unsubscribe. */
  searchAlerts: alertFrequencyEnum('search_alerts').notNull().default('instant'),
  updatedAt: updatedAt(),
});

/**
 * Every e-mail sent, by its idempotency key (an event and a recipient): a job run again after a
 * crash finds the key and does not send twice. `sending` marks a send under way.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    status: emailDeliveryStatusEnum('status').notNull().default('sending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_deliveries_created_idx').on(t.createdAt.desc().nullsFirst())],
);

/** Jobs that failed on every retry (dead letters), for an admin to see and act on. */
export const failedJobs = pgTable(
  'failed_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    jobId: text('job_id').notNull().unique(),
    key: text('key'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('failed_jobs_failed_idx').on(t.failedAt.desc().nullsFirst())],
);

/**
 * A search a buyer keeps, with its filters as the search page's address has them. The columns
 * after `filters` repeat what a new listing is matched on, so the searches a listing may match
 * are found through indexes, never by reading every search.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    alert: alertFrequencyEnum('alert').notNull().default('instant'),
    /** The searched place in lower case; null when the search names none. */
    locationKey: text('location_key'),
    /** The bounds of the searched area (the outline's, for a drawn one); null when none. */
    area: box('area'),
    /** Listings that matched before this were seen. */
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('saved_searches_location_idx').on(t.locationKey).where(sql`${t.locationKey} is not null`),
    index('saved_searches_area_idx')
      .using('gist', t.area)
      .where(sql`${t.locationKey} is null and ${t.area} is not null`),
    index('saved_searches_anywhere_idx')
      .on(t.id)
      .where(sql`${t.locationKey} is null and ${t.area} is null`),
  ],
);

/** A listing a saved search matched when it was approved; `alerted_at` once its owner was told. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_search_matches_pair_idx').on(t.savedSearchId, t.propertyId),
    index('saved_search_matches_unalerted_idx')
      .on(t.savedSearchId)
      .where(sql`${t.alertedAt} is null`),
  ],
);

/** One buyer's questions about one listing and its agent's answers. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    /** The listing's title when the conversation began, kept if the listing goes. */
    propertyTitle: text('property_title').notNull(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    buyerReadAt: timestamp('buyer_read_at', { withTimezone: true }).notNull().defaultNow(),
    agentReadAt: timestamp('agent_read_at', { withTimezone: true }).notNull().default(sql`'epoch'`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_property_buyer_idx').on(t.propertyId, t.buyerId),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt.desc().nullsFirst()),
    index('conversations_agent_idx').on(t.agentId, t.lastMessageAt.desc().nullsFirst()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
  ],
);
