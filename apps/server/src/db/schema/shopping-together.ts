import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { homeReactionEnum, invitationStatusEnum, noteVisibilityEnum } from './enums.js';
import { users } from './identity.js';
import { properties } from './marketplace.js';
import { createdAt } from './timestamps.js';

/*
 * Shopping together (decision 055): buyers on one shared wishlist see every member's saved homes
 * (their own `wishlist_items`, which stay theirs), and keep notes and reactions per home on it.
 * Whoever joined first started it and invites, withdraws invitations and removes people.
 */

export const sharedWishlists = pgTable('shared_wishlists', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
});

/** One shared wishlist per person: the unique user is the guarantee behind the checks. */
export const sharedWishlistMembers = pgTable(
  'shared_wishlist_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => sharedWishlists.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shared_wishlist_members_user_idx').on(t.userId),
    index('shared_wishlist_members_list_idx').on(t.listId, t.joinedAt),
  ],
);

/**
 * An invitation by e-mail. Its link's token is made as the mail goes out and kept only as its
 * SHA-256 digest; `email` is the address it was sent to, in lower case.
 */
export const sharedWishlistInvitations = pgTable(
  'shared_wishlist_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => sharedWishlists.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').unique(),
    status: invitationStatusEnum('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shared_wishlist_invitations_list_idx').on(t.listId, t.status),
    // One waiting invitation per list and address: inviting again replaces it.
    uniqueIndex('shared_wishlist_invitations_one_pending_idx')
      .on(t.listId, t.email)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const sharedHomeNotes = pgTable(
  'shared_home_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => sharedWishlists.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visibility: noteVisibilityEnum('visibility').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('shared_home_notes_list_property_idx').on(t.listId, t.propertyId, t.createdAt),
    index('shared_home_notes_author_idx').on(t.authorId),
    check('shared_home_notes_body_length', sql`char_length(${t.body}) between 1 and 1000`),
  ],
);

/** One thumbs up or down per person and home on a list. */
export const sharedHomeReactions = pgTable(
  'shared_home_reactions',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => sharedWishlists.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: homeReactionEnum('reaction').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.propertyId, t.userId] }),
    index('shared_home_reactions_user_idx').on(t.userId),
  ],
);
