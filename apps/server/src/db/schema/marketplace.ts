import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import {
  approvalEnum,
  availabilityEnum,
  featureEnum,
  offerStatusEnum,
  paymentProviderEnum,
  paymentStatusEnum,
  propertyTypeEnum,
  reviewTargetEnum,
  typeLanePosition,
} from './enums.js';
import { users } from './identity.js';
import { createdAt, updatedAt } from './timestamps.js';

/* Marketplace. Money is integer cents; the API speaks dollars with at most two decimals. */

/**
 * One photo of a listing as stored: the address of one of our uploads (its widest WebP), its
 * size and placeholder copied from the upload, and what the agent wrote about it. A null `alt`
 * is described from the listing's title when shown.
 */
export interface StoredPhoto {
  url: string;
  alt: string | null;
  caption: string | null;
  width: number;
  height: number;
  placeholder: string | null;
}

/** The content of a listing that an admin reviews before buyers see it. */
export interface PublishedListing {
  title: string;
  description: string;
  location: string;
  /** The cover's address: always the first photo's. */
  image: string | null;
  photos: StoredPhoto[];
  propertyType: string;
  minPriceCents: number;
  maxPriceCents: number;
  bedrooms: number;
  bathrooms: number;
  areaSize: number;
  features: string[];
  /** The pin; both null when the home has no map position. */
  lat: number | null;
  lng: number | null;
}

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    /** The cover's address, kept equal to the first photo's for the lists and joins that read it. */
    image: text('image'),
    /** In order, the cover first. */
    photos: jsonb('photos').$type<StoredPhoto[]>().notNull().default(sql`'[]'::jsonb`),
    propertyType: propertyTypeEnum('property_type').notNull(),
    minPriceCents: bigint('min_price_cents', { mode: 'number' }).notNull(),
    maxPriceCents: bigint('max_price_cents', { mode: 'number' }).notNull(),
    bedrooms: integer('bedrooms').notNull(),
    bathrooms: numeric('bathrooms', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    areaSize: integer('area_size').notNull(),
    features: featureEnum('features').array().notNull().default(sql`'{}'`),
    /** Where the home stands, in degrees; both null when it has no map position. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    availability: availabilityEnum('availability').notNull().default('Available'),
    approval: approvalEnum('approval').notNull().default('pending'),
    advertised: boolean('advertised').notNull().default(false),
    /**
     * Open reports from enough different people sent the listing back to pending, out of search,
     * until an admin decides on them; dismissing the reports approves it again.
     */
    heldByReports: boolean('held_by_reports').notNull().default(false),
    /** What an admin asked the agent to correct; shown to the agent until they save an edit. */
    correctionNote: text('correction_note'),
    /**
     * What buyers last saw approved. While an edit waits for review (or after a rejection) buyers
     * who saved or offered on the listing see this, never the unreviewed text; null until the
     * listing is first approved.
     */
    published: jsonb('published').$type<PublishedListing>(),
    /**
     * When the home sold and for how much (the paid offer's amount), kept on the row for the sold
     * homes' search and comparables; set by the database as availability becomes Sold (the price
     * is null when its agent marked it sold without a sale here) and cleared when it is offered
     * again.
     */
    soldAt: timestamp('sold_at', { withTimezone: true }),
    soldPriceCents: bigint('sold_price_cents', { mode: 'number' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    // Newest first, then what a search filters on: a search walks the index in order and stops
    // after one page, without reading the rows it skips.
    const newestWithFilters = () =>
      [
        t.createdAt.desc().nullsFirst(),
        t.id,
        t.agentId,
        t.minPriceCents,
        t.maxPriceCents,
        t.location,
      ] as const;
    return [
      check('properties_price_order', sql`${t.maxPriceCents} >= ${t.minPriceCents}`),
      check('properties_price_positive', sql`${t.minPriceCents} >= 0`),
      check('properties_rooms_positive', sql`${t.bedrooms} >= 0 and ${t.bathrooms} >= 0`),
      check('properties_area_positive', sql`${t.areaSize} >= 0`),
      check('properties_photos_count', sql`jsonb_array_length(${t.photos}) <= 30`),
      check('properties_pin_complete', sql`(${t.lat} is null) = (${t.lng} is null)`),
      check(
        'properties_pin_range',
        sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`,
      ),
      // Lists are ordered `created_at desc, id`; Postgres reads `desc` as NULLS FIRST, and an index
      // only serves that order when it is declared the same way (Drizzle's default is NULLS LAST).
      index('properties_agent_idx').on(t.agentId, t.createdAt.desc().nullsFirst(), t.id),
      index('properties_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id),
      // The columns after `id` never change the order: with them a page's ids (and a deep page's
      // skipped entries) come from the index alone, including the agent that hides fraud agents'
      // listings. Drizzle cannot declare INCLUDE columns, so they are trailing key columns.
      index('properties_approval_newest_idx').on(
        t.approval,
        t.createdAt.desc().nullsFirst(),
        t.id,
        t.agentId,
      ),
      // Counts of approved (and of open) listings by type and price range, from the index alone.
      index('properties_approved_facets_idx')
        .on(t.propertyType, t.availability, t.minPriceCents, t.maxPriceCents, t.agentId)
        .where(sql`${t.approval} = 'approved'`),
      // Public search: approved and Available, newest first, optionally one type, or by price.
      index('properties_open_newest_idx')
        .on(...newestWithFilters())
        .where(sql`${t.approval} = 'approved' and ${t.availability} = 'Available'`),
      index('properties_open_type_newest_idx')
        .on(t.propertyType, ...newestWithFilters())
        .where(sql`${t.approval} = 'approved' and ${t.availability} = 'Available'`),
      index('properties_public_price_idx')
        .on(t.minPriceCents, t.maxPriceCents)
        .where(sql`${t.approval} = 'approved' and ${t.availability} = 'Available'`),
      index('properties_open_max_price_idx')
        .on(t.maxPriceCents.desc().nullsFirst(), t.id)
        .where(sql`${t.approval} = 'approved' and ${t.availability} = 'Available'`),
      // Map searches: the pins of approved listings as points (x = longitude, y = latitude), which
      // `<@ box` and `<@ polygon` find through GiST on PostgreSQL and PGlite alike, without
      // PostGIS. The migration adds INCLUDE columns (Drizzle cannot declare them): the pin itself
      // and everything a search filters, sorts and counts on, so a page's ids and an area's counts
      // come from the index alone.
      index('properties_approved_position_idx')
        .using('gist', sql`point(${t.lng}, ${t.lat})`)
        .where(sql`${t.approval} = 'approved'`),
      // Comparables (decision 056): the pins of approved homes sold with a price here, and of
      // those for sale, each type on a lane of its own (typeLanePosition), so a listing's nearest
      // alike homes are found among its type's alone. The migration adds INCLUDE columns (Drizzle
      // cannot declare them): everything their choice filters and ranks on, so candidates come
      // from the index alone.
      index('properties_sold_lane_idx')
        .using('gist', typeLanePosition(t.lng, t.lat, t.propertyType))
        .where(
          sql`${t.approval} = 'approved' and ${t.availability} = 'Sold' and ${t.soldPriceCents} is not null`,
        ),
      index('properties_open_lane_idx')
        .using('gist', typeLanePosition(t.lng, t.lat, t.propertyType))
        .where(sql`${t.approval} = 'approved' and ${t.availability} = 'Available'`),
      // Largest first, for the public search and for a map view too wide for the index above.
      index('properties_open_area_idx')
        .on(t.areaSize.desc().nullsFirst(), t.id)
        .where(sql`${t.approval} = 'approved' and ${t.availability} = 'Available'`),
      // Sold mode (decision 057): approved homes sold since a day, newest sale first, with what
      // its counts and price conditions read, from the index alone (trailing key columns, as above).
      index('properties_sold_recent_idx')
        .on(t.soldAt.desc().nullsFirst(), t.id, t.agentId, t.propertyType, t.soldPriceCents)
        .where(sql`${t.approval} = 'approved' and ${t.availability} = 'Sold'`),
      // Sold mode's map views: the sold homes' pins, as properties_approved_position_idx holds the
      // approved ones; the migration adds its INCLUDE columns (the sale among them).
      index('properties_sold_position_idx')
        .using('gist', sql`point(${t.lng}, ${t.lat})`)
        .where(sql`${t.approval} = 'approved' and ${t.availability} = 'Sold'`),
      index('properties_location_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`),
      // The admins' text search matches titles anywhere in them.
      index('properties_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
      // The admins' dashboard: the listings waiting longest for review, oldest first.
      index('properties_pending_since_idx')
        .on(t.updatedAt, t.id)
        .where(sql`${t.approval} = 'pending'`),
      // The admins' dashboard: listings created in a period, by location, from the index alone.
      index('properties_created_location_idx').on(t.createdAt, t.location),
    ];
  },
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wishlist_user_property_idx').on(t.userId, t.propertyId),
    index('wishlist_property_idx').on(t.propertyId),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    buyingDate: date('buying_date', { mode: 'string' }).notNull(),
    status: offerStatusEnum('status').notNull().default('pending'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** An accepted offer not paid by then lapses and the home is offered again. */
    payBy: timestamp('pay_by', { withTimezone: true }),
    /**
     * Since when the payment deadline stands still because the listing waits for an admin's
     * review (the buyer cannot pay meanwhile); null while it runs. It resumes with the time that
     * was left then (`pay_by` minus this).
     */
    paymentPausedAt: timestamp('payment_paused_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('offers_amount_positive', sql`${t.amountCents} >= 0`),
    // The state machine's invariants, held by the database itself so no race can break them.
    uniqueIndex('offers_one_live_per_buyer_idx')
      .on(t.propertyId, t.buyerId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    uniqueIndex('offers_one_sale_per_property_idx')
      .on(t.propertyId)
      .where(sql`${t.status} in ('accepted', 'paid')`),
    index('offers_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst()),
    index('offers_property_status_idx').on(t.propertyId, t.status),
    index('offers_pay_by_idx').on(t.payBy).where(sql`${t.status} = 'accepted'`),
    // Offers made and accepted per week on the admins' dashboard.
    index('offers_created_idx').on(t.createdAt),
    index('offers_accepted_at_idx').on(t.acceptedAt).where(sql`${t.acceptedAt} is not null`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Money records outlive the rows they describe: references are cleared, never cascaded.
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    provider: paymentProviderEnum('provider').notNull(),
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    status: paymentStatusEnum('status').notNull().default('open'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('usd'),
    transactionId: text('transaction_id').unique(),
    /** Why money received was not turned into a sale, for the admin who refunds it. */
    refundReason: text('refund_reason'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountCents} >= 0`),
    // An agent's sales on their profile: their listings' paid payments.
    index('payments_property_paid_idx').on(t.propertyId, t.paidAt).where(sql`${t.status} = 'paid'`),
    uniqueIndex('payments_one_paid_per_offer_idx').on(t.offerId).where(sql`${t.status} = 'paid'`),
    // A buyer can never hold two live checkouts for one offer, so can never pay twice for it.
    uniqueIndex('payments_one_open_per_offer_idx').on(t.offerId).where(sql`${t.status} = 'open'`),
    index('payments_buyer_idx').on(t.buyerId),
    // Sales per week and month on the admins' dashboard, and the sales export.
    index('payments_paid_at_idx').on(t.paidAt).where(sql`${t.status} = 'paid'`),
  ],
);

/** Webhook events already handled, so a redelivery is recognised and ignored. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewFor: reviewTargetEnum('review_for').notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    /** The agent reviewed, for a review of an agent. */
    agentId: text('agent_id').references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull().default(5),
    title: text('title').notNull().default(''),
    text: text('text').notNull().default(''),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'reviews_target_matches_property',
      sql`(${t.reviewFor} = 'property') = (${t.propertyId} is not null)`,
    ),
    // Compared as text: a value added to the enum cannot be used in the transaction that adds it.
    check(
      'reviews_target_matches_agent',
      sql`(${t.reviewFor}::text = 'agent') = (${t.agentId} is not null)`,
    ),
    // One review per buyer and agent: a second replaces the first, as with listings.
    uniqueIndex('reviews_one_per_buyer_agent_idx')
      .on(t.reviewerId, t.agentId)
      .where(sql`${t.agentId} is not null`),
    // An agent's reviews, newest first, and their rating.
    index('reviews_agent_idx')
      .on(t.agentId, t.postedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.agentId} is not null`),
    uniqueIndex('reviews_one_per_buyer_property_idx')
      .on(t.reviewerId, t.propertyId)
      .where(sql`${t.propertyId} is not null`),
    // One website review per buyer: a new one replaces the old, as with listings.
    uniqueIndex('reviews_one_website_per_reviewer_idx')
      .on(t.reviewerId)
      .where(sql`${t.reviewFor} = 'website'`),
    index('reviews_property_idx').on(
      t.propertyId,
      t.postedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_target_posted_idx').on(
      t.reviewFor,
      t.postedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_reviewer_idx').on(
      t.reviewerId,
      t.postedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * What an agent tells buyers on their profile. An agent without a row has an empty profile: no
 * bio, no areas, e-mail shown and phone hidden. Name, photo and phone are the account's.
 */
export const agentProfiles = pgTable(
  'agent_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    serviceAreas: text('service_areas').array().notNull().default(sql`'{}'`),
    showEmail: boolean('show_email').notNull().default(true),
    showPhone: boolean('show_phone').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('agent_profiles_bio_length', sql`char_length(${t.bio}) <= 1000`),
    check('agent_profiles_areas_count', sql`coalesce(array_length(${t.serviceAreas}, 1), 0) <= 10`),
  ],
);

/**
 * Newsletter subscriptions, confirmed from the mailbox before anything but the confirmation is
 * sent (double opt-in). The link's token is kept only as its digest, until it is used.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  confirmTokenHash: text('confirm_token_hash').unique(),
  /** When the last confirmation link went out: a link works for a while after it. */
  confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
});

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Registration uploads a photo before the account exists, so the owner may be unknown.
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull().unique(),
    sourceType: text('source_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** A ThumbHash (base64) of the image; null until an upload from before placeholders is redone. */
    placeholder: text('placeholder'),
    /**
     * Which variants are stored: 1, WebP at 1600 and 480 px only (uploads from before galleries);
     * 2, every width of PHOTO_WIDTHS in AVIF and WebP. Uploads at 1 are redone in the background.
     */
    variantSet: smallint('variant_set').notNull().default(2),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);

/**
 * The audit trail: append-only (triggers refuse every UPDATE, DELETE and TRUNCATE), so it
 * keeps the actor's id and address even after their account is deleted: no foreign key clears
 * them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** What the target was before the action and after it; null where there was nothing. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt.desc().nullsFirst()),
    index('audit_log_actor_email_trgm_idx').using('gin', sql`${t.actorEmail} gin_trgm_ops`),
  ],
);
