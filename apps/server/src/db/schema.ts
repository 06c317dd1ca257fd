import {
  ADMIN_APPROVAL_STORED,
  ALERT_FREQUENCIES,
  AVAILABILITY,
  FEATURES,
  NOTIFICATION_KINDS,
  OFFER_STATUSES,
  PAYMENT_STATUSES,
  PROPERTY_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REVIEW_TARGETS,
  ROLES,
} from '@keyhaven/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('user_role', ROLES);
export const availabilityEnum = pgEnum('availability', AVAILABILITY);
export const approvalEnum = pgEnum('approval_status', ADMIN_APPROVAL_STORED);
export const propertyTypeEnum = pgEnum('property_type', PROPERTY_TYPES);
export const featureEnum = pgEnum('property_feature', FEATURES);
export const offerStatusEnum = pgEnum('offer_status', OFFER_STATUSES);
export const paymentProviderEnum = pgEnum('payment_provider', ['demo', 'stripe']);
/**
 * `refund_due`: the provider took the money, but the listing or its agent stopped being trusted
 * after checkout opened (or the offer ended), so nothing was sold and an admin must send it back;
 * `refunded` once they have.
 */
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const reviewTargetEnum = pgEnum('review_target', REVIEW_TARGETS);
export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const alertFrequencyEnum = pgEnum('alert_frequency', ALERT_FREQUENCIES);
export const emailDeliveryStatusEnum = pgEnum('email_delivery_status', ['sending', 'sent']);
export const reportReasonEnum = pgEnum('report_reason', REPORT_REASONS);
export const reportStatusEnum = pgEnum('report_status', REPORT_STATUSES);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/* Identity: the four tables better-auth needs (with its admin plugin's columns) plus our profile fields. */

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phone: text('phone'),
    country: text('country'),
    birth: date('birth', { mode: 'string' }),
    role: roleEnum('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // New accounts per day on the admins' dashboard and in their export.
  (t) => [index('users_created_idx').on(t.createdAt, t.role)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

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
      // Largest first, for the public search and for a map view too wide for the index above.
      index('properties_open_area_idx')
        .on(t.areaSize.desc().nullsFirst(), t.id)
        .where(sql`${t.approval} = 'approved' and ${t.availability} = 'Available'`),
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
