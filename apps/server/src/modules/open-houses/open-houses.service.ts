import {
  type AddOpenHouseRequest,
  OPEN_HOUSE_LIMITS,
  OPEN_HOUSE_MESSAGES,
  type OpenHouse,
  type OpenHouseList,
} from '@keyhaven/shared';
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { openHouses, properties } from '../../db/schema.js';
import { conflict, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { type CalendarEvent, publishedEvent } from '../../lib/icalendar.js';
import { instantOf, isTimeZone, localDateOf, zoneOfPin } from '../../lib/listing-time-zone.js';
import { isPublic, listingById } from '../listing-views/listing-by-id.js';
import type { ListingRow, Viewer } from '../listing-views/property-view.js';

/*
 * Open houses: times a listing's agent opens the home to anyone, on the home's wall clock. Only
 * the agent plans them; buyers see those of listings they may see, and add one to their calendar.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The zone of a listing's times: its pin's; null for a listing without a map position. */
export const listingZone = (listing: Pick<ListingRow, 'lat' | 'lng'>) =>
  listing.lat === null || listing.lng === null ? null : zoneOfPin(listing.lat, listing.lng);

type Row = typeof openHouses.$inferSelect;

const toOpenHouse = (row: Row): OpenHouse => ({
  id: row.id,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  timeZone: row.timeZone,
  localDate: row.localDate,
});

/**
 * The listing as the viewer may see its open houses: its agent and admins always; everyone else
 * only while it is public (approved, its agent in good standing), as its page is; an edit waiting
 * for review leaves it, and its open houses, out of their sight. Others: 404. `open` says whether
 * they see its open houses: a sold home's page stays, but it opens its doors to no one.
 */
async function visibleListing(db: Database, viewer: Viewer, listingId: string) {
  const [found] = await listingById(db).execute({ id: listingId });
  if (!found) throw notFound(OPEN_HOUSE_MESSAGES.notFound);
  const manages = viewer.role === 'admin' || viewer.id === found.property.agentId;
  if (!manages && !isPublic(found)) throw notFound(OPEN_HOUSE_MESSAGES.notFound);
  return { listing: found.property, open: manages || found.property.availability !== 'Sold' };
}

/** A listing's upcoming open houses, soonest first, and the zone its pin gives. */
export async function listOpenHouses(
  db: Database,
  viewer: Viewer,
  listingId: string,
  now = new Date(),
): Promise<OpenHouseList> {
  const { listing, open } = await visibleListing(db, viewer, listingId);
  if (!open) return { timeZone: listingZone(listing), openHouses: [] };
  const rows = await db
    .select()
    .from(openHouses)
    .where(and(eq(openHouses.propertyId, listingId), gt(openHouses.endsAt, now)))
    .orderBy(asc(openHouses.startsAt), asc(openHouses.id));
  return { timeZone: listingZone(listing), openHouses: rows.map(toOpenHouse) };
}

/** The instants of a new open house, checked against the rules a person can fix in the form. */
function plannedTimes(input: AddOpenHouseRequest, zone: string, now: Date) {
  const startsAt = instantOf(input.date, input.start, zone);
  if (!startsAt) throw invalidField('start', OPEN_HOUSE_MESSAGES.noSuchTime);
  const endsAt = instantOf(input.date, input.end, zone);
  if (!endsAt) throw invalidField('end', OPEN_HOUSE_MESSAGES.noSuchTime);
  if (endsAt <= startsAt) throw invalidField('end', OPEN_HOUSE_MESSAGES.endBeforeStart);
  if (endsAt.getTime() - startsAt.getTime() > OPEN_HOUSE_LIMITS.maxHours * HOUR) {
    throw invalidField('end', OPEN_HOUSE_MESSAGES.tooLong);
  }
  if (startsAt <= now) throw invalidField('start', OPEN_HOUSE_MESSAGES.inThePast);
  if (startsAt.getTime() - now.getTime() > OPEN_HOUSE_LIMITS.maxDaysAhead * DAY) {
    throw invalidField('date', OPEN_HOUSE_MESSAGES.tooFarAhead);
  }
  return { startsAt, endsAt };
}

/**
 * Adds an open house to the agent's own listing: not to a sold one, at most ten upcoming, none
 * overlapping another of the listing. The listing's row is locked meanwhile, so two at once
 * cannot both pass the count or the overlap. `whenAdded` runs in the same transaction, so what
 * the open house sets off (saved searches' alerts) is queued exactly when it is added.
 */
export async function addOpenHouse(
  db: Database,
  agentId: string,
  listingId: string,
  input: AddOpenHouseRequest,
  options: { whenAdded?: (tx: Transaction, added: Row) => Promise<void>; now?: Date } = {},
): Promise<OpenHouse> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select()
      .from(properties)
      .where(eq(properties.id, listingId))
      .for('update');
    if (!listing) throw notFound(OPEN_HOUSE_MESSAGES.notFound);
    if (listing.agentId !== agentId) throw forbidden(OPEN_HOUSE_MESSAGES.notYourListing);
    if (listing.availability === 'Sold') throw conflict(OPEN_HOUSE_MESSAGES.soldListing);
    const zone = listingZone(listing) ?? input.timeZone;
    if (!zone) throw invalidField('timeZone', OPEN_HOUSE_MESSAGES.timeZoneRequired);
    if (!isTimeZone(zone)) throw invalidField('timeZone', OPEN_HOUSE_MESSAGES.unknownTimeZone);
    const { startsAt, endsAt } = plannedTimes(input, zone, now);
    const [upcoming] = await tx
      .select({ value: count() })
      .from(openHouses)
      .where(and(eq(openHouses.propertyId, listingId), gt(openHouses.endsAt, now)));
    if ((upcoming?.value ?? 0) >= OPEN_HOUSE_LIMITS.maxUpcomingPerListing) {
      throw conflict(OPEN_HOUSE_MESSAGES.tooMany);
    }
    const [overlapping] = await tx
      .select({ id: openHouses.id })
      .from(openHouses)
      .where(
        and(
          eq(openHouses.propertyId, listingId),
          lt(openHouses.startsAt, endsAt),
          gt(openHouses.endsAt, startsAt),
        ),
      )
      .limit(1);
    if (overlapping) throw conflict(OPEN_HOUSE_MESSAGES.overlaps);
    const [row] = await tx
      .insert(openHouses)
      .values({
        propertyId: listingId,
        startsAt,
        endsAt,
        timeZone: zone,
        localDate: localDateOf(startsAt, zone),
      })
      .returning();
    await options.whenAdded?.(tx, row as Row);
    return toOpenHouse(row as Row);
  });
}

/** Removes an open house of the agent's own listing. */
export async function removeOpenHouse(
  db: Database,
  agentId: string,
  listingId: string,
  openHouseId: string,
) {
  const [listing] = await db
    .select({ agentId: properties.agentId })
    .from(properties)
    .where(eq(properties.id, listingId));
  if (!listing) throw notFound(OPEN_HOUSE_MESSAGES.notFound);
  if (listing.agentId !== agentId) throw forbidden(OPEN_HOUSE_MESSAGES.notYourListing);
  const removed = await db
    .delete(openHouses)
    .where(and(eq(openHouses.id, openHouseId), eq(openHouses.propertyId, listingId)))
    .returning({ id: openHouses.id });
  if (removed.length === 0) throw notFound(OPEN_HOUSE_MESSAGES.notFound);
}

/**
 * One open house as an iCalendar file to add to a calendar: its UID is the open house's own, so
 * downloading it again updates the same event. Seen as the listing page shows it (the same 404s).
 */
export async function openHouseCalendar(
  db: Database,
  viewer: Viewer,
  listingId: string,
  openHouseId: string,
  site: { publicUrl: string; brandName: string },
  now = new Date(),
): Promise<string> {
  const { listing, open } = await visibleListing(db, viewer, listingId);
  if (!open) throw notFound(OPEN_HOUSE_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(openHouses)
    .where(and(eq(openHouses.id, openHouseId), eq(openHouses.propertyId, listingId)));
  if (!row) throw notFound(OPEN_HOUSE_MESSAGES.notFound);
  const origin = site.publicUrl.replace(/\/$/, '');
  const link = `${origin}/propertyDetails/${listingId}`;
  const event: CalendarEvent = {
    uid: `open-house-${row.id}@${new URL(origin).host}`,
    start: row.startsAt,
    end: row.endsAt,
    summary: OPEN_HOUSE_MESSAGES.calendarSummary(listing.title),
    location: listing.location,
    description: OPEN_HOUSE_MESSAGES.calendarDescription(listing.title, link),
    url: link,
  };
  return publishedEvent(event, now, site.brandName);
}
