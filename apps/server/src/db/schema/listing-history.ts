import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listingEventKindEnum } from './enums.js';
import { properties } from './marketplace.js';

/**
 * A listing's history: one row per change of its price as buyers see it, its availability or its
 * approval, and per open house added. The database writes them (migration 0021's triggers), so
 * every writer's change is kept, in the order the changes committed on the listing's row.
 */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: listingEventKindEnum('kind').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** The price range buyers saw after the event (listed, price_changed). */
    minPriceCents: bigint('min_price_cents', { mode: 'number' }),
    maxPriceCents: bigint('max_price_cents', { mode: 'number' }),
    /** The range before a price change. */
    previousMinPriceCents: bigint('previous_min_price_cents', { mode: 'number' }),
    previousMaxPriceCents: bigint('previous_max_price_cents', { mode: 'number' }),
    /** What it sold for (sold), when it sold here. */
    salePriceCents: bigint('sale_price_cents', { mode: 'number' }),
    /** The open house added (open_house); not a reference, as an open house may be removed. */
    openHouseId: uuid('open_house_id'),
    /** When the buyers who saved the home were told of it; null until then. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    index('listing_events_property_idx').on(t.propertyId, t.id),
    index('listing_events_unannounced_idx').on(t.id).where(sql`${t.announcedAt} is null`),
  ],
);
