import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { offers, properties } from '../../db/schema.js';

/** What a review did to the payment deadline of the listing's accepted offer. */
export interface DeadlineChange {
  offerId: string;
  change: 'paused' | 'resumed';
}

/**
 * A buyer's time to pay runs only while they can pay. While the listing of their accepted offer
 * waits for an admin's review (held by reports, a correction asked for, a rejection), money cannot
 * move, so the deadline stands still from that moment; once the listing is approved again it
 * resumes with the time that was left. A deadline already passed when the review began is not
 * saved by it: the offer lapses as it would have.
 *
 * Called in the transaction that changes the listing's approval, after the change, with the
 * listing's row locked (as every approval change takes it): the offer row is locked after it,
 * in the order the lapse sweep and payments take them, so a lapse, a payment or another decision
 * sees the deadline running or paused, never half-way.
 */
export async function followListingReview(
  tx: Executor,
  propertyId: string,
  now = new Date(),
): Promise<DeadlineChange | null> {
  const [listing] = await tx
    .select({ approval: properties.approval })
    .from(properties)
    .where(eq(properties.id, propertyId));
  const [offer] = await tx
    .select({ id: offers.id, payBy: offers.payBy, pausedAt: offers.paymentPausedAt })
    .from(offers)
    .where(and(eq(offers.propertyId, propertyId), eq(offers.status, 'accepted')))
    .for('update');
  if (!listing || !offer?.payBy) return null;
  const underReview = listing.approval !== 'approved';
  if (underReview && !offer.pausedAt && offer.payBy > now) {
    await tx.update(offers).set({ paymentPausedAt: now }).where(eq(offers.id, offer.id));
    return { offerId: offer.id, change: 'paused' };
  }
  if (!underReview && offer.pausedAt) {
    const left = offer.payBy.getTime() - offer.pausedAt.getTime();
    await tx
      .update(offers)
      .set({ payBy: new Date(now.getTime() + left), paymentPausedAt: null })
      .where(eq(offers.id, offer.id));
    return { offerId: offer.id, change: 'resumed' };
  }
  return null;
}
