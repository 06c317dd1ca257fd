import {
  ACCOUNT_RECOVERY_MESSAGES,
  OFFER_MESSAGES,
  type OfferStatus,
  offerBoundsMessage,
  toCents,
  toDollars,
  todayIso,
} from '@keyhaven/shared';
import { and, desc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { offers, payments, properties, users } from '../../db/schema.js';
import { conflict, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { findUserByEmail } from '../auth/auth.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { requireVerifiedEmail } from '../auth/verified-email.js';
import { agents, listingColumns, toPropertyViews } from '../listing-views/property-view.js';
import { paymentHoldOf } from '../payments/payment-hold.js';

const alreadyOffered = () => conflict('You already have an offer on this property.');
const alreadyAccepted = () => conflict('An offer on this property has already been accepted.');

/** Locks a listing that can take offers: approved, Available, from an agent in good standing. */
async function lockOpenListing(tx: Executor, propertyId: string) {
  const [row] = await tx
    .select({ property: properties, agentRole: agents.role })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(eq(properties.id, propertyId))
    .for('update', { of: properties });
  if (row?.property.approval !== 'approved' || row.agentRole === 'fraud') {
    throw notFound('Property not found');
  }
  return row.property;
}

export interface OfferInput {
  offerAmount: number;
  selectedDate: string;
}

export async function makeOffer(
  db: Database,
  buyer: SessionUser,
  propertyId: string,
  input: OfferInput,
) {
  requireVerifiedEmail(buyer, ACCOUNT_RECOVERY_MESSAGES.verifyBeforeOffer);
  if (input.selectedDate <= todayIso()) {
    throw invalidField('selectedDate', OFFER_MESSAGES.dateInPast);
  }
  const amountCents = toCents(input.offerAmount);
  try {
    return await db.transaction(async (tx) => {
      const listing = await lockOpenListing(tx, propertyId);
      if (listing.availability !== 'Available') {
        throw conflict('This property is no longer taking offers.');
      }
      if (amountCents < listing.minPriceCents || amountCents > listing.maxPriceCents) {
        const message = offerBoundsMessage(
          toDollars(listing.minPriceCents),
          toDollars(listing.maxPriceCents),
        );
        throw invalidField('offerAmount', message);
      }
      const [live] = await tx
        .select({ id: offers.id })
        .from(offers)
        .where(
          and(
            eq(offers.propertyId, propertyId),
            eq(offers.buyerId, buyer.id),
            inArray(offers.status, ['pending', 'accepted']),
          ),
        );
      if (live) throw alreadyOffered();
      const [made] = await tx
        .insert(offers)
        .values({ propertyId, buyerId: buyer.id, amountCents, buyingDate: input.selectedDate })
        .returning({ id: offers.id });
      return (made as { id: string }).id;
    });
  } catch (error) {
    // Two simultaneous offers by one buyer: the unique index lets only one in.
    if (isUniqueViolation(error)) throw alreadyOffered();
    throw error;
  }
}

/** Locks the caller's listing for an offer decision; only its agent decides. */
async function lockAgentListing(tx: Executor, agent: SessionUser, propertyId: string) {
  const [listing] = await tx
    .select()
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for('update');
  if (!listing) throw notFound('Property not found');
  if (listing.agentId !== agent.id)
    throw forbidden('Only the agent of this property can answer its offers');
  return listing;
}

async function pendingOfferFrom(tx: Executor, propertyId: string, buyerEmail: string | undefined) {
  const rows = await tx
    .select({ offer: offers, buyerEmail: users.email })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerId))
    .where(and(eq(offers.propertyId, propertyId), eq(offers.status, 'pending')))
    .for('update', { of: offers });
  if (buyerEmail) {
    const match = rows.find((row) => row.buyerEmail === buyerEmail);
    if (!match) throw notFound('No pending offer from that buyer');
    return match.offer;
  }
  if (rows.length !== 1) {
    throw conflict(
      rows.length === 0 ? 'There is no pending offer' : 'Name the buyer whose offer to answer',
    );
  }
  return (rows[0] as (typeof rows)[number]).offer;
}

/**
 * Accepting one offer reserves the home for that buyer (availability Pending) until the payment
 * deadline and declines the others. Only an approved listing can be sold: an agent whose edit
 * waits for review must wait for it. The listing row lock serialises decisions; the unique index
 * is the last word. Answers the accepted offer and the ones declined with it.
 */
export async function acceptOffer(
  db: Database,
  agent: SessionUser,
  propertyId: string,
  buyerEmail: string | undefined,
  paymentDays: number,
) {
  try {
    return await db.transaction(async (tx) => {
      const listing = await lockAgentListing(tx, agent, propertyId);
      if (listing.approval !== 'approved') throw conflict(OFFER_MESSAGES.acceptWhileUnderReview);
      if (listing.availability !== 'Available') {
        throw alreadyAccepted();
      }
      const offer = await pendingOfferFrom(tx, propertyId, buyerEmail);
      const acceptedAt = new Date();
      const payBy = new Date(acceptedAt.getTime() + paymentDays * 24 * 60 * 60 * 1000);
      await tx
        .update(offers)
        .set({ status: 'accepted', acceptedAt, payBy })
        .where(eq(offers.id, offer.id));
      const declined = await tx
        .update(offers)
        .set({ status: 'rejected' })
        .where(
          and(
            eq(offers.propertyId, propertyId),
            eq(offers.status, 'pending'),
            ne(offers.id, offer.id),
          ),
        )
        .returning({ id: offers.id });
      await tx
        .update(properties)
        .set({ availability: 'Pending' })
        .where(eq(properties.id, propertyId));
      return { acceptedOfferId: offer.id, declinedOfferIds: declined.map((row) => row.id) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw alreadyAccepted();
    }
    throw error;
  }
}

export async function rejectOffer(
  db: Database,
  agent: SessionUser,
  propertyId: string,
  buyerEmail?: string,
) {
  return db.transaction(async (tx) => {
    await lockAgentListing(tx, agent, propertyId);
    const offer = await pendingOfferFrom(tx, propertyId, buyerEmail);
    await tx.update(offers).set({ status: 'rejected' }).where(eq(offers.id, offer.id));
    return offer.id;
  });
}

type EndedStatus = Extract<OfferStatus, 'withdrawn' | 'lapsed' | 'released'>;

/**
 * Ends an accepted, unpaid offer: the home is offered to buyers again and the offer's open
 * checkouts can no longer be paid. The row stays, so the other side sees what happened on their
 * dashboard. Locks run listing -> offer, as payment fulfilment takes them. Returns the checkout
 * sessions it closed, for the provider to expire too.
 */
async function endAcceptedOffer(
  tx: Executor,
  offer: typeof offers.$inferSelect,
  status: EndedStatus,
) {
  await tx.update(offers).set({ status }).where(eq(offers.id, offer.id));
  await tx
    .update(properties)
    .set({ availability: 'Available' })
    .where(and(eq(properties.id, offer.propertyId), eq(properties.availability, 'Pending')));
  const closed = await tx
    .update(payments)
    .set({ status: 'expired' })
    .where(and(eq(payments.offerId, offer.id), eq(payments.status, 'open')))
    .returning({ sessionId: payments.checkoutSessionId });
  return closed.map((payment) => payment.sessionId);
}

/**
 * A payment being confirmed holds its payment row, then the listing, then the offer; anything
 * that ends an accepted offer takes the same locks in the same order (the listing's open
 * checkouts first), or the two would wait on each other for ever.
 */
async function lockOpenPayments(tx: Executor, propertyId: string) {
  await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.propertyId, propertyId), eq(payments.status, 'open')))
    .orderBy(payments.id)
    .for('update');
}

async function lockListingThenOffer(
  tx: Executor,
  propertyId: string,
  where: ReturnType<typeof and>,
) {
  await lockOpenPayments(tx, propertyId);
  await tx
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for('update');
  const [offer] = await tx.select().from(offers).where(where).for('update');
  return offer;
}

/**
 * A buyer takes back their offer: a pending one disappears; an accepted one not yet paid ends as
 * withdrawn and the home is offered again. Returns the checkout sessions that were closed.
 */
export async function withdrawOffer(db: Database, buyer: SessionUser, propertyId: string) {
  return db.transaction(async (tx) => {
    const offer = await lockListingThenOffer(
      tx,
      propertyId,
      and(
        eq(offers.propertyId, propertyId),
        eq(offers.buyerId, buyer.id),
        inArray(offers.status, ['pending', 'accepted']),
      ),
    );
    if (!offer) throw notFound('You have no pending offer on this property');
    if (offer.status === 'pending') {
      await tx.delete(offers).where(eq(offers.id, offer.id));
      return { closedSessions: [] as string[], wasAccepted: false, offerId: offer.id };
    }
    const closedSessions = await endAcceptedOffer(tx, offer, 'withdrawn');
    return { closedSessions, wasAccepted: true, offerId: offer.id };
  });
}

/**
 * The agent lets go of an accepted offer the buyer has not paid once its deadline has passed;
 * an admin may do so at any time (a buyer who vanished, a dispute).
 */
export async function releaseOffer(
  db: Database,
  caller: SessionUser,
  propertyId: string,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    await lockOpenPayments(tx, propertyId);
    const [listing] = await tx
      .select()
      .from(properties)
      .where(eq(properties.id, propertyId))
      .for('update');
    if (!listing) throw notFound('Property not found');
    if (caller.role !== 'admin' && listing.agentId !== caller.id) {
      throw forbidden('Only the agent of this property or an admin can release its offer');
    }
    const [offer] = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.propertyId, propertyId), eq(offers.status, 'accepted')))
      .for('update');
    if (!offer) throw conflict(OFFER_MESSAGES.noAcceptedOffer);
    if (caller.role !== 'admin' && offer.paymentPausedAt) {
      throw conflict(OFFER_MESSAGES.releaseWhileDeadlinePaused);
    }
    if (caller.role !== 'admin' && offer.payBy && offer.payBy > now) {
      throw conflict(OFFER_MESSAGES.releaseBeforeDeadline);
    }
    const closedSessions = await endAcceptedOffer(tx, offer, 'released');
    const releasedBy = listing.agentId === caller.id ? ('agent' as const) : ('admin' as const);
    if (releasedBy === 'admin') {
      await recordAudit(tx, {
        actor: caller,
        action: 'offer.released',
        targetType: 'offer',
        targetId: offer.id,
        details: { propertyId, buyerId: offer.buyerId },
        before: { status: offer.status, listingAvailability: listing.availability },
        after: { status: 'released', listingAvailability: 'Available' },
      });
    }
    return { closedSessions, offerId: offer.id, releasedBy };
  });
}

/** An accepted offer whose payment deadline runs (not paused by a review) and has passed. */
const overdueBy = (now: Date) =>
  and(eq(offers.status, 'accepted'), lte(offers.payBy, now), isNull(offers.paymentPausedAt));

/**
 * Accepted offers whose payment deadline has passed lapse, and their homes are offered again;
 * a deadline paused while the listing is reviewed never passes. Run periodically, and before
 * any decision that depends on a deadline. Returns the offers that lapsed, the listings they
 * were on, and the checkout sessions that closed with them.
 */
export async function lapseOverdueOffers(
  db: Database,
  now = new Date(),
  propertyId?: string,
  onLapsed: (tx: Transaction, offerId: string) => Promise<void> = async () => {},
) {
  const overdue = await db
    .select({ id: offers.id, propertyId: offers.propertyId })
    .from(offers)
    .where(and(overdueBy(now), propertyId ? eq(offers.propertyId, propertyId) : undefined));
  const closedSessions: string[] = [];
  const lapsedOfferIds: string[] = [];
  const reofferedListingIds = new Set<string>();
  for (const candidate of overdue) {
    await db.transaction(async (tx) => {
      const offer = await lockListingThenOffer(
        tx,
        candidate.propertyId,
        and(eq(offers.id, candidate.id), overdueBy(now)),
      );
      if (!offer) return;
      const closed = await endAcceptedOffer(tx, offer, 'lapsed');
      await onLapsed(tx, offer.id);
      closedSessions.push(...closed);
      lapsedOfferIds.push(offer.id);
      reofferedListingIds.add(candidate.propertyId);
    });
  }
  return { lapsedOfferIds, reofferedListingIds: [...reofferedListingIds], closedSessions };
}

const offerColumns = {
  ...listingColumns,
  agentRole: agents.role,
  offer: offers,
  buyerName: users.name,
  buyerEmail: users.email,
  buyerPhone: users.phone,
  transactionId: payments.transactionId,
};

function offerRows(db: Database) {
  return db
    .select(offerColumns)
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.propertyId))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .innerJoin(users, eq(users.id, offers.buyerId))
    .leftJoin(payments, and(eq(payments.offerId, offers.id), eq(payments.status, 'paid')));
}

/** Offers on the listings of the agent with this e-mail (see offersForAgent). */
export async function offersForAgentByEmail(
  db: Database,
  agentEmail: string,
  status: 'pending' | 'accepted' | undefined,
) {
  const agent = await findUserByEmail(db, agentEmail);
  if (!agent) throw notFound('Agent not found');
  return offersForAgent(db, agent.id, status);
}

/** Offers on an agent's listings, one row per offer: pending ones, or accepted and sold ones. */
async function offersForAgent(
  db: Database,
  agentId: string,
  status: 'pending' | 'accepted' | undefined,
) {
  const statuses =
    status === 'accepted'
      ? (['accepted', 'paid'] as const)
      : status
        ? ([status] as const)
        : // Accepted offers that ended unpaid stay listed, so the agent sees why the home reopened.
          (['pending', 'accepted', 'paid', 'withdrawn', 'lapsed', 'released'] as const);
  const rows = await offerRows(db)
    .where(and(eq(properties.agentId, agentId), inArray(offers.status, [...statuses])))
    .orderBy(desc(offers.createdAt));
  // Every row is one of this agent's listings: the agent is a party to each sale.
  const views = await toPropertyViews(db, rows, { id: agentId, role: 'agent' });
  return rows.map((row, index) => ({
    ...(views[index] as NonNullable<(typeof views)[number]>),
    offerId: row.offer.id,
    offerStatus: row.offer.status,
    offerAmount: toDollars(row.offer.amountCents),
    selectedDate: row.offer.buyingDate,
    offeredAt: row.offer.createdAt.toISOString(),
    buyerUID: row.offer.buyerId,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    buyerPhone: row.buyerPhone,
    transactionId: row.transactionId,
    ...deadlineOf(row.offer),
  }));
}

/**
 * An accepted offer's payment deadline, or, while a review pauses it, since when and how much
 * time to pay it keeps (no deadline then: it moves when the review ends).
 */
function deadlineOf(offer: typeof offers.$inferSelect) {
  const { payBy, paymentPausedAt } = offer;
  if (offer.status !== 'accepted' || !payBy) return { payBy: null, paymentPause: null };
  if (!paymentPausedAt) return { payBy: payBy.toISOString(), paymentPause: null };
  return {
    payBy: null,
    paymentPause: {
      since: paymentPausedAt.toISOString(),
      secondsLeft: Math.max(0, Math.floor((payBy.getTime() - paymentPausedAt.getTime()) / 1000)),
    },
  };
}

const REQUEST_STATUS = {
  pending: 'pending',
  accepted: 'accepted',
  rejected: 'rejected',
  paid: 'bought',
  withdrawn: 'withdrawn',
  lapsed: 'lapsed',
  released: 'released',
} as const satisfies Record<OfferStatus, string>;

/** A buyer's own offers with their listings, newest first. */
export async function offersOfBuyer(db: Database, buyerId: string) {
  const rows = await offerRows(db)
    .where(eq(offers.buyerId, buyerId))
    .orderBy(desc(offers.createdAt));
  // A home sold to someone else shows as Sold, without that buyer's details.
  const views = await toPropertyViews(db, rows, { id: buyerId, role: 'user' });
  return rows.map((row, index) => ({
    ...(views[index] as NonNullable<(typeof views)[number]>),
    offerId: row.offer.id,
    offerStatus: row.offer.status,
    requestStatus: REQUEST_STATUS[row.offer.status],
    userRequestDetails: {
      uid: buyerId,
      offerAmount: toDollars(row.offer.amountCents),
      selectedDate: row.offer.buyingDate,
    },
    transactionId: row.transactionId,
    ...deadlineOf(row.offer),
    paymentHold:
      row.offer.status === 'accepted'
        ? paymentHoldOf({ approval: row.property.approval, agentRole: row.agentRole })
        : null,
  }));
}
