import type { Database } from '../../../src/db/client.js';
import {
  offers,
  payments,
  properties,
  reviews,
  sharedHomeNotes,
  sharedHomeReactions,
  sharedWishlistMembers,
  tours,
  users,
  wishlistItems,
} from '../../../src/db/schema.js';
import { assertMarketInvariants } from './invariants.js';
import type { Actor, World } from './world.js';

/*
 * After a request that was allowed and changed something: did it change only what its caller
 * may change? Ownership, roles, approval and money are compared with the world as built.
 */

export interface Baseline {
  users: Map<string, typeof users.$inferSelect>;
  properties: Map<string, typeof properties.$inferSelect>;
  offers: Map<string, typeof offers.$inferSelect>;
  reviews: Map<string, typeof reviews.$inferSelect>;
  payments: Map<string, typeof payments.$inferSelect>;
  wishlist: Set<string>;
  sharedMembers: Set<string>;
  sharedNotes: Set<string>;
  tours: Map<string, typeof tours.$inferSelect>;
}

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

export async function takeBaseline(db: Database): Promise<Baseline> {
  return {
    users: byId(await db.select().from(users)),
    properties: byId(await db.select().from(properties)),
    offers: byId(await db.select().from(offers)),
    reviews: byId(await db.select().from(reviews)),
    payments: byId(await db.select().from(payments)),
    wishlist: new Set((await db.select().from(wishlistItems)).map((row) => row.id)),
    sharedMembers: new Set((await db.select().from(sharedWishlistMembers)).map((row) => row.id)),
    sharedNotes: new Set((await db.select().from(sharedHomeNotes)).map((row) => row.id)),
    tours: byId(await db.select().from(tours)),
  };
}

/** Lists what the caller changed that it had no right to change. */
export async function forbiddenChanges(
  db: Database,
  world: World,
  baseline: Baseline,
  actor: Actor,
): Promise<string[]> {
  const problems: string[] = [];
  const caller = actor === 'anonymous' ? undefined : world.accounts[actor];
  const isAdmin = actor === 'admin';

  const usersNow = await db.select().from(users);
  for (const user of usersNow) {
    const before = baseline.users.get(user.id);
    if (!before) {
      if (user.role !== 'user') problems.push(`a new account got role ${user.role}`);
      if (user.emailVerified) problems.push('a new account is marked e-mail verified');
      continue;
    }
    if (before.role !== user.role && !isAdmin) {
      problems.push(`${before.email} changed role ${before.role} -> ${user.role}`);
    }
    if (before.email !== user.email) problems.push(`${before.email} changed e-mail`);
  }
  for (const [id, before] of baseline.users) {
    if (!isAdmin && !usersNow.some((u) => u.id === id)) {
      problems.push(`${before.email} was deleted`);
    }
  }

  for (const listing of await db.select().from(properties)) {
    const before = baseline.properties.get(listing.id);
    if (!before) {
      if (listing.agentId !== caller?.id)
        problems.push(`a new listing belongs to ${listing.agentId}`);
      if (listing.approval !== 'pending') problems.push(`a new listing is ${listing.approval}`);
      if (listing.availability !== 'Available')
        problems.push(`a new listing is ${listing.availability}`);
      if (listing.advertised) problems.push('a new listing is advertised');
      continue;
    }
    if (listing.agentId !== before.agentId) problems.push(`listing ${listing.title} changed agent`);
    if (listing.advertised !== before.advertised)
      problems.push(`listing ${listing.title} changed advertising`);
    if (listing.approval !== before.approval && !isAdmin && listing.approval !== 'pending') {
      problems.push(`listing ${listing.title} became ${listing.approval}`);
    }
  }

  for (const offer of await db.select().from(offers)) {
    const before = baseline.offers.get(offer.id);
    if (!before) {
      if (offer.buyerId !== caller?.id) problems.push(`a new offer belongs to ${offer.buyerId}`);
      if (offer.status !== 'pending') problems.push(`a new offer is ${offer.status}`);
      continue;
    }
    if (offer.buyerId !== before.buyerId) problems.push('an offer changed buyer');
    if (offer.amountCents !== before.amountCents) problems.push('an offer changed amount');
    if (offer.propertyId !== before.propertyId) problems.push('an offer moved listing');
  }

  for (const review of await db.select().from(reviews)) {
    const before = baseline.reviews.get(review.id);
    if (!before) {
      if (review.reviewerId !== caller?.id)
        problems.push(`a new review is by ${review.reviewerId}`);
      continue;
    }
    if (review.reviewerId !== before.reviewerId) problems.push('a review changed reviewer');
    if (
      review.reviewerId !== caller?.id &&
      (review.text !== before.text || review.rating !== before.rating)
    ) {
      problems.push("someone else's review was rewritten");
    }
  }

  for (const item of await db.select().from(wishlistItems)) {
    if (!baseline.wishlist.has(item.id) && item.userId !== caller?.id) {
      problems.push(`a wishlist item was saved for ${item.userId}`);
    }
  }

  // Nobody is put on a shared wishlist, writes a note or reacts in someone else's name.
  for (const member of await db.select().from(sharedWishlistMembers)) {
    if (!baseline.sharedMembers.has(member.id) && member.userId !== caller?.id) {
      problems.push(`${member.userId} was put on a shared wishlist`);
    }
  }
  for (const note of await db.select().from(sharedHomeNotes)) {
    if (!baseline.sharedNotes.has(note.id) && note.authorId !== caller?.id) {
      problems.push(`a note was written for ${note.authorId}`);
    }
  }
  for (const reaction of await db.select().from(sharedHomeReactions)) {
    if (reaction.userId !== caller?.id)
      problems.push(`a reaction was given for ${reaction.userId}`);
  }

  for (const tour of await db.select().from(tours)) {
    const before = baseline.tours.get(tour.id);
    if (!before) {
      if (tour.buyerId !== caller?.id) problems.push(`a new tour is for ${tour.buyerId}`);
      if (tour.status !== 'pending') problems.push(`a new tour is ${tour.status}`);
      continue;
    }
    if (tour.buyerId !== before.buyerId || tour.agentId !== before.agentId) {
      problems.push('a tour changed its buyer or agent');
    }
    const moved =
      tour.status !== before.status || tour.startsAt.getTime() !== before.startsAt.getTime();
    const party = caller?.id === tour.buyerId || caller?.id === tour.agentId;
    // An admin's decision (a listing removed, an agent marked as fraud) calls tours off too.
    if (moved && !party && !isAdmin) problems.push(`someone else's tour became ${tour.status}`);
  }

  const offersNow = byId(await db.select().from(offers));
  for (const payment of await db.select().from(payments)) {
    const before = baseline.payments.get(payment.id);
    const offer = payment.offerId
      ? (offersNow.get(payment.offerId) ?? baseline.offers.get(payment.offerId))
      : undefined;
    if (!before && payment.buyerId !== caller?.id)
      problems.push(`a new payment is for ${payment.buyerId}`);
    if (offer && payment.amountCents !== offer.amountCents) {
      problems.push(`a payment of ${payment.amountCents} for an offer of ${offer.amountCents}`);
    }
    if (before && before.amountCents !== payment.amountCents)
      problems.push('a payment changed amount');
  }

  try {
    await assertMarketInvariants(db, { listingEdits: true, deletedAccounts: true });
  } catch (error) {
    problems.push((error as Error).message);
  }
  return problems;
}
