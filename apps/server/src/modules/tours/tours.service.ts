import { TOUR_LIMITS, TOUR_MESSAGES, type TourKind } from '@keyhaven/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { properties, tours, users } from '../../db/schema.js';
import { type AppError, conflict, notFound } from '../../lib/app-error.js';
import { brokenUniqueConstraint } from '../../lib/database-errors.js';
import type { SessionUser } from '../auth/session-user.js';
import { requireVerifiedEmail } from '../auth/verified-email.js';
import { agents, type Viewer } from '../listing-views/property-view.js';
import { agentBusy, heldBetween, isActive, savedSchedule, tourZone } from './tour-availability.js';
import type { TourChange } from './tour-notices.js';
import { slotAt } from './tour-slots.js';
import { actionsFor, heldStartOf, sideOf, type TourRow } from './tour-view.js';

/*
 * A buyer asks for a slot; the listing's agent confirms it, proposes another, or declines; the
 * buyer accepts a proposed time; either side cancels before the tour; the agent marks it done.
 * Times are checked while both people's rows are locked (always the lower id first), so two
 * requests for one agent's time are decided one after the other; the partial unique indexes
 * (one tour per listing and time, one open request per buyer and listing) stand behind the lock.
 */

const DAY = 86_400_000;

/** The refusal of a time a unique index turned away: the race was lost to another request. */
function lostRace(error: unknown): AppError | undefined {
  const constraint = brokenUniqueConstraint(error);
  if (constraint === undefined) return undefined;
  return conflict(
    constraint === 'tours_one_open_per_buyer_listing_idx'
      ? TOUR_MESSAGES.alreadyRequested
      : TOUR_MESSAGES.slotNotFree,
  );
}

/** Locks both people of a tour, the lower id first, as every path that books a time does. */
async function lockPeople(tx: Executor, ids: string[]) {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    .for('update');
}

/** Whether the buyer has another tour holding a time that overlaps [startsAt, endsAt). */
async function buyerOverlaps(
  tx: Executor,
  buyerId: string,
  startsAt: Date,
  endsAt: Date,
  except?: string,
) {
  const held = await heldBetween(tx, eq(tours.buyerId, buyerId), startsAt, endsAt, except);
  return held.length > 0;
}

/**
 * The slot at `startsAt` of the listing's schedule, if the agent is free then (`except`: the tour
 * being moved). Refuses a time off the schedule and one already held.
 */
async function freeSlotAt(
  tx: Executor,
  listingId: string,
  zone: string,
  agentId: string,
  startsAt: Date,
  now: Date,
  except?: string,
) {
  const { schedule } = await savedSchedule(tx, listingId);
  const until = new Date(now.getTime() + (TOUR_LIMITS.daysAhead + 1) * DAY);
  const busy = await agentBusy(tx, agentId, now, until, except);
  const found = slotAt(schedule, zone, now, busy, startsAt);
  if (!found) throw conflict(TOUR_MESSAGES.slotNotOnGrid);
  if (!found.free) throw conflict(TOUR_MESSAGES.slotNotFree);
  return { startsAt, endsAt: new Date(found.slot.endsAt) };
}

/** The listing a buyer asks to see, refused unless it takes tour requests. */
async function listingTakingTours(tx: Executor, buyer: SessionUser, listingId: string) {
  const [found] = await tx
    .select({ property: properties, agentRole: agents.role })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(eq(properties.id, listingId));
  if (!found) throw notFound(TOUR_MESSAGES.listingNotFound);
  const listing = found.property;
  if (listing.agentId === buyer.id) throw conflict(TOUR_MESSAGES.ownListing);
  if (found.agentRole === 'fraud') throw conflict(TOUR_MESSAGES.agentUnavailable);
  if (listing.availability === 'Sold') throw conflict(TOUR_MESSAGES.listingSold);
  if (listing.approval === 'pending') throw conflict(TOUR_MESSAGES.listingUnderReview);
  if (listing.approval !== 'approved') throw conflict(TOUR_MESSAGES.listingNotOpen);
  return listing;
}

export interface TourRequestInput {
  startsAt: string;
  kind: TourKind;
  note: string;
}

/** A buyer's request for a free slot of a listing that takes them: pending until the agent answers. */
export async function requestTour(
  db: Database,
  buyer: SessionUser,
  listingId: string,
  input: TourRequestInput,
  now = new Date(),
): Promise<TourChange> {
  requireVerifiedEmail(buyer, TOUR_MESSAGES.verifyBeforeTour);
  const startsAt = new Date(input.startsAt);
  try {
    return await db.transaction(async (tx) => {
      const listing = await listingTakingTours(tx, buyer, listingId);
      await lockPeople(tx, [listing.agentId, buyer.id]);
      const [open] = await tx
        .select({ id: tours.id })
        .from(tours)
        .where(and(eq(tours.buyerId, buyer.id), eq(tours.propertyId, listingId), isActive))
        .limit(1);
      if (open) throw conflict(TOUR_MESSAGES.alreadyRequested);
      const { row } = await savedSchedule(tx, listingId);
      const zone = tourZone(listing, row);
      if (!zone) throw conflict(TOUR_MESSAGES.slotNotOnGrid);
      const slot = await freeSlotAt(tx, listingId, zone, listing.agentId, startsAt, now);
      if (await buyerOverlaps(tx, buyer.id, slot.startsAt, slot.endsAt)) {
        throw conflict(TOUR_MESSAGES.buyerOverlap);
      }
      const [made] = await tx
        .insert(tours)
        .values({
          propertyId: listingId,
          agentId: listing.agentId,
          buyerId: buyer.id,
          propertyTitle: listing.title,
          propertyLocation: listing.location,
          kind: input.kind,
          note: input.note,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          timeZone: zone,
        })
        .returning({ id: tours.id });
      const change: TourChange = {
        tourId: (made as { id: string }).id,
        action: 'request',
        by: 'buyer',
        before: null,
      };
      return change;
    });
  } catch (error) {
    throw lostRace(error) ?? error;
  }
}

type Action = TourChange['action'];

/**
 * Locks the tour for its `side`: someone else's tour is not found (its existence is not told);
 * an action this side may not take in the tour's state is refused with what the tour is now.
 */
async function lockTourFor(
  tx: Executor,
  caller: Viewer,
  id: string,
  action: Action,
  now: Date,
): Promise<{ tour: TourRow; side: 'agent' | 'buyer' }> {
  const [tour] = await tx.select().from(tours).where(eq(tours.id, id)).for('update');
  const side = tour ? sideOf(tour, caller) : null;
  if (!tour || !side) throw notFound(TOUR_MESSAGES.notFound);
  if (!(actionsFor(tour, side, now) as string[]).includes(action)) {
    throw conflict(refusalOf(tour, side, action, now));
  }
  return { tour, side };
}

/** Why an action does not fit the tour: its state, or its time. */
function refusalOf(tour: TourRow, side: 'agent' | 'buyer', action: Action, now: Date) {
  const started = heldStartOf(tour) <= now;
  const fitsState: Record<Action, TourRow['status'][]> = {
    request: [],
    confirm: ['pending'],
    propose: ['pending', 'confirmed'],
    accept: ['rescheduled'],
    decline: ['pending', 'rescheduled'],
    cancel: ['pending', 'confirmed', 'rescheduled'],
    complete: ['confirmed'],
  };
  const agentOnly = ['confirm', 'propose', 'decline', 'complete'].includes(action);
  if (agentOnly && side !== 'agent') return TOUR_MESSAGES.onlyAgent;
  if (action === 'accept' && side !== 'buyer') return TOUR_MESSAGES.onlyBuyer;
  if (!fitsState[action].includes(tour.status)) return TOUR_MESSAGES.wrongState(tour.status);
  if (action === 'complete') return TOUR_MESSAGES.notStartedYet;
  return started ? TOUR_MESSAGES.alreadyStarted : TOUR_MESSAGES.wrongState(tour.status);
}

const bump = { sequence: sql`${tours.sequence} + 1`, updatedAt: sql`now()` };
const answered = { answeredAt: sql`coalesce(${tours.answeredAt}, now())` };

async function update(tx: Executor, id: string, set: Record<string, unknown>) {
  await tx
    .update(tours)
    .set({ ...bump, ...set })
    .where(eq(tours.id, id));
}

/** The agent confirms a pending request at its time. */
export async function confirmTour(db: Database, agent: Viewer, id: string, now = new Date()) {
  return db.transaction(async (tx): Promise<TourChange> => {
    const { tour } = await lockTourFor(tx, agent, id, 'confirm', now);
    await update(tx, id, { status: 'confirmed', ...answered });
    return { tourId: id, action: 'confirm', by: 'agent', before: tour.status };
  });
}

/** The agent proposes another free slot for a pending or confirmed tour; the buyer answers. */
export async function proposeTour(
  db: Database,
  agent: Viewer,
  id: string,
  proposed: string,
  now = new Date(),
) {
  const startsAt = new Date(proposed);
  try {
    return await db.transaction(async (tx): Promise<TourChange> => {
      const [peek] = await tx.select().from(tours).where(eq(tours.id, id));
      if (peek) await lockPeople(tx, [peek.agentId, peek.buyerId]);
      const { tour } = await lockTourFor(tx, agent, id, 'propose', now);
      if (startsAt.getTime() === tour.startsAt.getTime()) throw conflict(TOUR_MESSAGES.sameTime);
      if (!tour.propertyId) throw conflict(TOUR_MESSAGES.listingNotOpen);
      const slot = await freeSlotAt(
        tx,
        tour.propertyId,
        tour.timeZone,
        tour.agentId,
        startsAt,
        now,
        id,
      );
      if (await buyerOverlaps(tx, tour.buyerId, slot.startsAt, slot.endsAt, id)) {
        throw conflict(TOUR_MESSAGES.buyerOverlap);
      }
      await update(tx, id, {
        status: 'rescheduled',
        proposedStartsAt: slot.startsAt,
        proposedEndsAt: slot.endsAt,
        ...answered,
      });
      return { tourId: id, action: 'propose', by: 'agent', before: tour.status };
    });
  } catch (error) {
    throw lostRace(error) ?? error;
  }
}

/** The buyer takes the agent's proposed time: the tour is confirmed at it. */
export async function acceptTour(db: Database, buyer: Viewer, id: string, now = new Date()) {
  return db.transaction(async (tx): Promise<TourChange> => {
    const { tour } = await lockTourFor(tx, buyer, id, 'accept', now);
    if (!tour.proposedStartsAt || !tour.proposedEndsAt) throw conflict(TOUR_MESSAGES.noProposal);
    await update(tx, id, {
      status: 'confirmed',
      startsAt: tour.proposedStartsAt,
      endsAt: tour.proposedEndsAt,
      proposedStartsAt: null,
      proposedEndsAt: null,
      // The reminders are for the new time.
      reminded24hAt: null,
      reminded1hAt: null,
    });
    return { tourId: id, action: 'accept', by: 'buyer', before: tour.status };
  });
}

/** The agent turns down a request, or withdraws the time they proposed. */
export async function declineTour(
  db: Database,
  agent: Viewer,
  id: string,
  reason: string | null,
  now = new Date(),
) {
  return db.transaction(async (tx): Promise<TourChange> => {
    const { tour } = await lockTourFor(tx, agent, id, 'decline', now);
    await update(tx, id, {
      status: 'declined',
      declineReason: reason,
      ...answered,
    });
    return { tourId: id, action: 'decline', by: 'agent', before: tour.status };
  });
}

/** Either side calls a tour off, with a reason, before the time it holds. */
export async function cancelTour(
  db: Database,
  caller: Viewer,
  id: string,
  reason: string,
  now = new Date(),
) {
  return db.transaction(async (tx): Promise<TourChange> => {
    const { tour, side } = await lockTourFor(tx, caller, id, 'cancel', now);
    await update(tx, id, {
      status: 'cancelled',
      cancelReason: reason,
      cancelledBy: side,
    });
    return { tourId: id, action: 'cancel', by: side, before: tour.status };
  });
}

/** The agent marks a confirmed tour done once it has started. */
export async function completeTour(db: Database, agent: Viewer, id: string, now = new Date()) {
  return db.transaction(async (tx): Promise<TourChange> => {
    const { tour } = await lockTourFor(tx, agent, id, 'complete', now);
    await update(tx, id, { status: 'completed' });
    return { tourId: id, action: 'complete', by: 'agent', before: tour.status };
  });
}
