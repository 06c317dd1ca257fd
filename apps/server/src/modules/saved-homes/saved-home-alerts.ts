import {
  type NotificationKind,
  openHouseTimes,
  SAVED_HOME_ALERTS,
  toDollars,
} from '@keyhaven/shared';
import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import {
  listingEvents,
  offers,
  openHouses,
  properties,
  sharedWishlistMembers,
  users,
  wishlistItems,
} from '../../db/schema.js';
import { buyerVisibleTitle } from '../listing-views/property-view.js';
import type { NotificationEvent } from '../notifications/notifications.service.js';

/** The job that tells buyers of changes to the homes they saved. */
export const SAVED_HOME_ALERTS_QUEUE = 'saved-home-alerts';
/** Every minute, for changes no request announced (a lapsed offer, a change made by SQL). */
export const SAVED_HOME_ALERTS_CRON = '* * * * *';

/** Events told per transaction: a busy minute's changes, a few queries each batch. */
const BATCH = 100;

/** The events a buyer who saved the home hears of, and the kind of notification each is. */
const ALERT_KINDS = {
  price_changed: 'saved_home_price_changed',
  under_offer: 'saved_home_under_offer',
  back_on_market: 'saved_home_back_on_market',
  sold: 'saved_home_sold',
  open_house: 'saved_home_open_house',
} as const satisfies Partial<
  Record<(typeof listingEvents.kind.enumValues)[number], NotificationKind>
>;
type AlertEventKind = keyof typeof ALERT_KINDS;
const isAlerted = (kind: string): kind is AlertEventKind => kind in ALERT_KINDS;

type EventRow = typeof listingEvents.$inferSelect & { title: string | null };

const range = (min: number | null, max: number | null) => ({
  min: toDollars(min ?? 0),
  max: toDollars(max ?? 0),
});

/** An event's title and text, or null when there is nothing to tell (an open house removed). */
async function wordsOf(tx: Executor, event: EventRow, title: string) {
  switch (event.kind) {
    case 'price_changed': {
      const before = range(event.previousMinPriceCents, event.previousMaxPriceCents);
      const after = range(event.minPriceCents, event.maxPriceCents);
      const cut = after.min <= before.min && after.max <= before.max;
      return {
        title: cut ? SAVED_HOME_ALERTS.priceCutTitle : SAVED_HOME_ALERTS.priceIncreaseTitle,
        body: SAVED_HOME_ALERTS.priceBody(title, before, after),
      };
    }
    case 'under_offer':
      return {
        title: SAVED_HOME_ALERTS.underOfferTitle,
        body: SAVED_HOME_ALERTS.underOfferBody(title),
      };
    case 'back_on_market':
      return {
        title: SAVED_HOME_ALERTS.backOnMarketTitle,
        body: SAVED_HOME_ALERTS.backOnMarketBody(title),
      };
    case 'sold':
      return {
        title: SAVED_HOME_ALERTS.soldTitle,
        body: SAVED_HOME_ALERTS.soldBody(
          title,
          event.salePriceCents === null ? null : toDollars(event.salePriceCents),
        ),
      };
    default: {
      if (!event.openHouseId) return null;
      const [openHouse] = await tx
        .select()
        .from(openHouses)
        .where(eq(openHouses.id, event.openHouseId));
      if (!openHouse || openHouse.endsAt <= new Date()) return null;
      const times = openHouseTimes(
        { startsAt: openHouse.startsAt.toISOString(), endsAt: openHouse.endsAt.toISOString() },
        openHouse.timeZone,
      );
      return {
        title: SAVED_HOME_ALERTS.openHouseTitle,
        body: SAVED_HOME_ALERTS.openHouseBody(title, times),
      };
    }
  }
}

/** A co-buyer's place on their shared wishlist, beside the saver's. */
const mates = alias(sharedWishlistMembers, 'mates');

/**
 * Who hears of each of `listingIds`, by listing: the buyers who saved it and their co-buyers,
 * whose shared wishlist holds it too. The buyer whose offer on a home was accepted (or paid) hears
 * of its sale in their own words, so neither they nor their co-buyers are told it went under
 * offer or sold as a saver would be.
 */
async function saversOf(tx: Executor, listingIds: string[]) {
  const rows = await tx
    .select({
      propertyId: wishlistItems.propertyId,
      userId: wishlistItems.userId,
      dealBuyer: sql<boolean>`exists (select 1 from ${offers}
        where ${offers.propertyId} = ${wishlistItems.propertyId}
          and ${offers.buyerId} = ${wishlistItems.userId}
          and ${offers.status} in ('accepted', 'paid'))`,
    })
    .from(wishlistItems)
    .innerJoin(users, eq(users.id, wishlistItems.userId))
    .where(and(inArray(wishlistItems.propertyId, listingIds), eq(users.role, 'user')));
  const saverIds = [...new Set(rows.map((row) => row.userId))];
  const coBuyers =
    saverIds.length === 0
      ? []
      : await tx
          .select({ saverId: sharedWishlistMembers.userId, userId: mates.userId })
          .from(sharedWishlistMembers)
          .innerJoin(
            mates,
            and(
              eq(mates.listId, sharedWishlistMembers.listId),
              ne(mates.userId, sharedWishlistMembers.userId),
            ),
          )
          .innerJoin(users, eq(users.id, mates.userId))
          .where(and(inArray(sharedWishlistMembers.userId, saverIds), eq(users.role, 'user')));
  const savers = new Map<string, Map<string, boolean>>();
  const hears = (propertyId: string, userId: string, dealBuyer: boolean) => {
    const told = savers.get(propertyId) ?? new Map<string, boolean>();
    told.set(userId, dealBuyer || (told.get(userId) ?? false));
    savers.set(propertyId, told);
  };
  for (const row of rows) {
    hears(row.propertyId, row.userId, row.dealBuyer);
    for (const mate of coBuyers) {
      if (mate.saverId === row.userId) hears(row.propertyId, mate.userId, row.dealBuyer);
    }
  }
  return new Map(
    [...savers].map(([propertyId, told]) => [
      propertyId,
      [...told].map(([userId, dealBuyer]) => ({ userId, dealBuyer })),
    ]),
  );
}

/**
 * The notices of `events` for the buyers who saved their homes and their co-buyers. A home buyers cannot see (never
 * approved, or its agent marked as fraud) tells nobody. Each event is told once per buyer (keyed
 * by the event), and at most one e-mail a day goes to a buyer about one home: the day's first
 * change is mailed, the others are in the app only.
 */
async function noticesOf(tx: Executor, events: EventRow[]): Promise<NotificationEvent[]> {
  const alerted = events.filter((event) => isAlerted(event.kind) && event.title !== null);
  if (alerted.length === 0) return [];
  const savers = await saversOf(tx, [...new Set(alerted.map((event) => event.propertyId))]);
  const notices: NotificationEvent[] = [];
  for (const event of alerted) {
    const kind = event.kind as AlertEventKind;
    const dealNews = kind === 'under_offer' || kind === 'sold';
    const recipients = (savers.get(event.propertyId) ?? [])
      .filter((saver) => !(dealNews && saver.dealBuyer))
      .map((saver) => saver.userId);
    if (recipients.length === 0) continue;
    const words = await wordsOf(tx, event, event.title as string);
    if (!words) continue;
    const day = event.occurredAt.toISOString().slice(0, 10);
    notices.push({
      kind: ALERT_KINDS[kind],
      key: `saved_home:${event.id}`,
      mailKey: `saved-home:${event.propertyId}:${day}`,
      recipients,
      ...words,
      link: `/propertyDetails/${encodeURIComponent(event.propertyId)}`,
    });
  }
  return notices;
}

/**
 * Tells the buyers who saved a home of each of its changes not told yet, oldest first, in
 * batches: each batch's notices are queued in the transaction that marks its events told, so a
 * change is told once whoever runs this, however often (two at once take different events).
 * Answers how many events it went through.
 */
export async function announceListingEvents(app: FastifyInstance): Promise<number> {
  let done = 0;
  for (;;) {
    const count = await app.db.transaction(async (tx) => {
      const events = await tx
        .select({
          ...getTableColumns(listingEvents),
          title: sql<string | null>`case when ${properties.published} is null
              or ${properties.agentId} in (select ${users.id} from ${users} where ${users.role} = 'fraud')
            then null else ${buyerVisibleTitle} end`,
        })
        .from(listingEvents)
        .innerJoin(properties, eq(properties.id, listingEvents.propertyId))
        .where(isNull(listingEvents.announcedAt))
        .orderBy(asc(listingEvents.id))
        .limit(BATCH)
        .for('update', { of: listingEvents, skipLocked: true });
      if (events.length === 0) return 0;
      await app.notifications.queue(tx, await noticesOf(tx, events));
      await tx
        .update(listingEvents)
        .set({ announcedAt: new Date() })
        .where(
          inArray(
            listingEvents.id,
            events.map((event) => event.id),
          ),
        );
      return events.length;
    });
    if (count === 0) return done;
    done += count;
  }
}
