import {
  isOwnImageUrl,
  TOUR_MESSAGES,
  type Tour,
  type TourAction,
  type TourList,
} from '@keyhaven/shared';
import { and, asc, count, desc, eq, gt, not, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { properties, tours, users } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import {
  buyerVisibleImage,
  buyerVisibleTitle,
  type Viewer,
} from '../listing-views/property-view.js';
import { heldEndsAt, heldStartsAt, instant, isActive } from './tour-availability.js';

/*
 * A tour as its buyer, its agent or an admin reads it, with what the reader may do next: the one
 * place that says which side may move a tour from which state, for the screens and the service.
 */

export type TourRow = typeof tours.$inferSelect;

const tourAgents = alias(users, 'tour_agents');
const tourBuyers = alias(users, 'tour_buyers');

const tourColumns = {
  tour: tours,
  agentName: tourAgents.name,
  agentEmail: tourAgents.email,
  buyerName: tourBuyers.name,
  buyerEmail: tourBuyers.email,
  listingTitle: properties.title,
  listingImage: properties.image,
  buyerTitle: buyerVisibleTitle,
  buyerImage: buyerVisibleImage,
};

export const toursWithPeople = (db: Executor) =>
  db
    .select(tourColumns)
    .from(tours)
    .innerJoin(tourAgents, eq(tourAgents.id, tours.agentId))
    .innerJoin(tourBuyers, eq(tourBuyers.id, tours.buyerId))
    .leftJoin(properties, eq(properties.id, tours.propertyId));

export type TourWithPeople = Awaited<ReturnType<typeof toursWithPeople>>[number];

/** The start the tour holds now: the proposed one while it waits for the buyer. */
export const heldStartOf = (tour: TourRow) => tour.proposedStartsAt ?? tour.startsAt;

/** Which side of the tour the viewer is on; null for anyone else (admins read, never act). */
export function sideOf(tour: TourRow, viewer: Viewer): 'agent' | 'buyer' | null {
  if (viewer.id === tour.agentId && viewer.role === 'agent') return 'agent';
  if (viewer.id === tour.buyerId && viewer.role === 'user') return 'buyer';
  return null;
}

/**
 * What each side may do with a tour in each state, at `now`. A tour can be called off only before
 * the time it holds; it is completed only once it has started.
 */
export function actionsFor(tour: TourRow, side: 'agent' | 'buyer' | null, now: Date): TourAction[] {
  const ahead = heldStartOf(tour) > now;
  const actions: TourAction[] = [];
  if (side === 'agent') {
    if (tour.status === 'pending' && ahead) actions.push('confirm');
    if (tour.status === 'pending' || (tour.status === 'confirmed' && ahead))
      actions.push('propose');
    if (tour.status === 'pending' || tour.status === 'rescheduled') actions.push('decline');
    if (tour.status === 'confirmed' && !ahead) actions.push('complete');
  }
  if (side === 'buyer' && tour.status === 'rescheduled' && ahead) actions.push('accept');
  const active = ['pending', 'confirmed', 'rescheduled'].includes(tour.status);
  if (side && active && ahead) actions.push('cancel');
  return actions;
}

export function toTour(row: TourWithPeople, viewer: Viewer, now: Date): Tour {
  const { tour } = row;
  const side = sideOf(tour, viewer);
  const title = (side === 'buyer' ? row.buyerTitle : row.listingTitle) ?? tour.propertyTitle;
  const image = side === 'buyer' ? row.buyerImage : row.listingImage;
  return {
    id: tour.id,
    propertyId: tour.propertyId,
    propertyTitle: title,
    propertyLocation: tour.propertyLocation,
    ...(isOwnImageUrl(image) ? { propertyImage: image } : {}),
    agent: { id: tour.agentId, name: row.agentName },
    buyer: {
      id: tour.buyerId,
      name: row.buyerName,
      // The agent reaches the buyer who asked to see their home; the buyer has their own.
      ...(side !== 'buyer' ? { email: row.buyerEmail } : {}),
    },
    kind: tour.kind,
    note: tour.note,
    status: tour.status,
    startsAt: tour.startsAt.toISOString(),
    endsAt: tour.endsAt.toISOString(),
    timeZone: tour.timeZone,
    // A proposal is shown while it waits; a tour called off meanwhile keeps it for its notice.
    ...(tour.status === 'rescheduled' && tour.proposedStartsAt && tour.proposedEndsAt
      ? {
          proposedStartsAt: tour.proposedStartsAt.toISOString(),
          proposedEndsAt: tour.proposedEndsAt.toISOString(),
        }
      : {}),
    ...(tour.cancelReason ? { cancelReason: tour.cancelReason } : {}),
    ...(tour.cancelledBy ? { cancelledBy: tour.cancelledBy } : {}),
    ...(tour.declineReason ? { declineReason: tour.declineReason } : {}),
    createdAt: tour.createdAt.toISOString(),
    updatedAt: tour.updatedAt.toISOString(),
    sequence: tour.sequence,
    actions: actionsFor(tour, side, now),
  };
}

/** One tour for its buyer, its agent or an admin; anyone else is told it does not exist. */
export async function tourFor(db: Executor, viewer: Viewer, id: string, now = new Date()) {
  const [row] = await toursWithPeople(db).where(eq(tours.id, id));
  if (!row) throw notFound(TOUR_MESSAGES.notFound);
  if (viewer.role !== 'admin' && sideOf(row.tour, viewer) === null) {
    throw notFound(TOUR_MESSAGES.notFound);
  }
  return toTour(row, viewer, now);
}

/**
 * The reader's tours: an agent's are those of their listings, a buyer's their own. `upcoming`:
 * those still holding a time that has not ended, soonest first (requests waiting among them);
 * `past`: the rest, latest first.
 */
export async function listTours(
  db: Executor,
  viewer: Viewer,
  query: { scope: 'upcoming' | 'past'; page: number; limit: number },
  now = new Date(),
): Promise<TourList> {
  const side = viewer.role === 'agent' ? 'agent' : 'buyer';
  const mine = side === 'agent' ? eq(tours.agentId, viewer.id) : eq(tours.buyerId, viewer.id);
  const upcoming = and(isActive, gt(heldEndsAt, instant(now))) as SQL;
  const where = and(mine, query.scope === 'upcoming' ? upcoming : not(upcoming));
  const order =
    query.scope === 'upcoming'
      ? [asc(heldStartsAt), asc(tours.id)]
      : [desc(heldStartsAt), desc(tours.id)];
  const [rows, [total]] = await Promise.all([
    toursWithPeople(db)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(tours).where(where),
  ]);
  return { side, items: rows.map((row) => toTour(row, viewer, now)), total: total?.value ?? 0 };
}
