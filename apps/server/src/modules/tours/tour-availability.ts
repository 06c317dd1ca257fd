import {
  TOUR_ACTIVE_STATUSES,
  TOUR_LIMITS,
  TOUR_MESSAGES,
  type TourAvailability,
  type TourAvailabilityRequest,
  type TourSlotsResponse,
} from '@keyhaven/shared';
import { and, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { properties, tourAvailability, tours } from '../../db/schema.js';
import { forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { isTimeZone, zoneOfPin } from '../../lib/listing-time-zone.js';
import { isPublic, listingById } from '../listing-views/listing-by-id.js';
import type { ListingRow, Viewer } from '../listing-views/property-view.js';
import { type Busy, freeSlots, type Schedule } from './tour-slots.js';

/*
 * A listing's viewing availability, which its agent sets, and the free slots buyers pick from.
 */

const DAY = 86_400_000;
const NO_SCHEDULE: Schedule = { slotMinutes: 30, weekly: [], daysOff: [] };

/** The time a tour holds: the proposed one while it waits for the buyer, else its own. */
export const heldStartsAt =
  sql<Date>`coalesce(${tours.proposedStartsAt}, ${tours.startsAt})`.mapWith(tours.startsAt);
export const heldEndsAt = sql<Date>`coalesce(${tours.proposedEndsAt}, ${tours.endsAt})`.mapWith(
  tours.endsAt,
);
/** An instant as a query parameter beside an expression, which has no column to convert it. */
export const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
export const isActive = inArray(tours.status, [...TOUR_ACTIVE_STATUSES]);

type AvailabilityRow = typeof tourAvailability.$inferSelect;

/** The zone of a listing's tours: its pin's, else the one its agent chose (null: none yet). */
export function tourZone(
  listing: Pick<ListingRow, 'lat' | 'lng'>,
  saved: Pick<AvailabilityRow, 'timeZone'> | undefined,
): string | null {
  if (listing.lat !== null && listing.lng !== null) return zoneOfPin(listing.lat, listing.lng);
  return saved?.timeZone ?? null;
}

export async function savedSchedule(db: Executor, listingId: string) {
  const [row] = await db
    .select()
    .from(tourAvailability)
    .where(eq(tourAvailability.propertyId, listingId));
  const schedule: Schedule = row
    ? { slotMinutes: row.slotMinutes, weekly: row.weekly, daysOff: row.daysOff }
    : NO_SCHEDULE;
  return { row, schedule };
}

/**
 * The times held by the tours `whose` names (an agent's, a buyer's) between `from` and `until`,
 * except the tour `except` (one being moved holds nothing against itself).
 */
export async function heldBetween(
  db: Executor,
  whose: SQL,
  from: Date,
  until: Date,
  except?: string,
): Promise<Busy[]> {
  const conditions: SQL[] = [
    whose,
    isActive,
    gt(heldEndsAt, instant(from)),
    lt(heldStartsAt, instant(until)),
  ];
  if (except) conditions.push(sql`${tours.id} <> ${except}`);
  const rows = await db
    .select({ startsAt: heldStartsAt, endsAt: heldEndsAt })
    .from(tours)
    .where(and(...conditions));
  return rows.map((row) => ({ startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) }));
}

/** The times the agent is already expected somewhere, at any of their listings. */
export const agentBusy = (
  db: Executor,
  agentId: string,
  from: Date,
  until: Date,
  except?: string,
) => heldBetween(db, eq(tours.agentId, agentId), from, until, except);

const toAvailability = (
  listing: Pick<ListingRow, 'lat' | 'lng'>,
  row: AvailabilityRow | undefined,
): TourAvailability => ({
  timeZone: tourZone(listing, row),
  slotMinutes: row?.slotMinutes ?? NO_SCHEDULE.slotMinutes,
  weekly: row?.weekly ?? [],
  exceptions: (row?.daysOff ?? []).map((date) => ({ date })),
  zoneFromPin: listing.lat !== null && listing.lng !== null,
});

/** The listing its agent (or an admin, to read) manages; anyone else is refused. */
async function managedListing(db: Executor, viewer: Viewer, listingId: string, edit: boolean) {
  const [listing] = await db.select().from(properties).where(eq(properties.id, listingId));
  if (!listing) throw notFound(TOUR_MESSAGES.listingNotFound);
  const mayRead = viewer.role === 'admin' || viewer.id === listing.agentId;
  if (!(edit ? viewer.id === listing.agentId : mayRead)) {
    throw forbidden(TOUR_MESSAGES.notYourListing);
  }
  return listing;
}

export async function getAvailability(
  db: Database,
  viewer: Viewer,
  listingId: string,
): Promise<TourAvailability> {
  const listing = await managedListing(db, viewer, listingId, false);
  const { row } = await savedSchedule(db, listingId);
  return toAvailability(listing, row);
}

/**
 * Saves the agent's weekly hours, tour length and days off. Tours already requested keep their
 * times: the agent confirms, moves or declines them as they are.
 */
export async function saveAvailability(
  db: Database,
  agentId: string,
  listingId: string,
  input: TourAvailabilityRequest,
): Promise<TourAvailability> {
  const listing = await managedListing(db, { id: agentId, role: 'agent' }, listingId, true);
  const pinned = listing.lat !== null && listing.lng !== null;
  const chosenZone = pinned ? null : (input.timeZone ?? null);
  if (!pinned && !chosenZone) throw invalidField('timeZone', TOUR_MESSAGES.timeZoneRequired);
  if (chosenZone && !isTimeZone(chosenZone)) {
    throw invalidField('timeZone', TOUR_MESSAGES.unknownTimeZone);
  }
  const values = {
    timeZone: chosenZone,
    slotMinutes: input.slotMinutes,
    weekly: [...input.weekly].sort(
      (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
    ),
    daysOff: input.exceptions.map((day) => day.date).sort(),
  };
  const [row] = await db
    .insert(tourAvailability)
    .values({ propertyId: listingId, ...values })
    .onConflictDoUpdate({ target: tourAvailability.propertyId, set: values })
    .returning();
  return toAvailability(listing, row);
}

/**
 * The free slots of a listing over the next 14 days, for whoever may see its page: its agent and
 * admins always; others while it is public. A sold home offers none.
 */
export async function listSlots(
  db: Database,
  viewer: Viewer,
  listingId: string,
  now = new Date(),
): Promise<TourSlotsResponse> {
  const [found] = await listingById(db).execute({ id: listingId });
  if (!found) throw notFound(TOUR_MESSAGES.listingNotFound);
  const listing = found.property;
  const manages = viewer.role === 'admin' || viewer.id === listing.agentId;
  if (!manages && !isPublic(found)) throw notFound(TOUR_MESSAGES.listingNotFound);
  const { row, schedule } = await savedSchedule(db, listingId);
  const zone = tourZone(listing, row);
  if (!zone || listing.availability === 'Sold') {
    return { timeZone: zone, slotMinutes: schedule.slotMinutes, slots: [] };
  }
  const until = new Date(now.getTime() + (TOUR_LIMITS.daysAhead + 1) * DAY);
  const busy = await agentBusy(db, listing.agentId, now, until);
  return {
    timeZone: zone,
    slotMinutes: schedule.slotMinutes,
    slots: freeSlots(schedule, zone, now, busy),
  };
}
