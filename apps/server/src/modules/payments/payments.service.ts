import { toDollars } from '@keyhaven/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offers, paymentEvents, payments, properties } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionUser } from '../../plugins/authentication.js';
import type { PaymentProvider } from './payment-provider.js';

/**
 * Opens a checkout for the caller's accepted offer on a listing. The amount is the stored
 * offer's, whatever the request said.
 */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  buyer: SessionUser,
  propertyId: string,
) {
  const [row] = await db
    .select({ offer: offers, title: properties.title })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.propertyId))
    .where(
      and(
        eq(offers.propertyId, propertyId),
        eq(offers.buyerId, buyer.id),
        inArray(offers.status, ['accepted', 'paid']),
      ),
    );
  if (!row) {
    throw notFound('You have no accepted offer on this property');
  }
  if (row.offer.status === 'paid') throw new AppError('CONFLICT', 'This offer is already paid.');
  const session = await provider.createCheckout({
    offerId: row.offer.id,
    amountCents: row.offer.amountCents,
    title: row.title,
    buyerEmail: buyer.email,
  });
  await db.insert(payments).values({
    offerId: row.offer.id,
    buyerId: buyer.id,
    propertyId,
    provider: provider.name,
    checkoutSessionId: session.sessionId,
    amountCents: row.offer.amountCents,
  });
  return session.url;
}

export type FulfilResult = 'fulfilled' | 'already-paid' | 'unknown-session' | 'offer-not-payable';

/**
 * Records a payment the provider confirmed: payment paid, offer paid, home sold, all at once.
 * Locks run payment -> listing -> offer, so concurrent confirmations of one session queue up
 * and all but the first find it already paid.
 */
export async function fulfilPayment(
  db: Database,
  sessionId: string,
  transactionId: string,
  event?: { id: string; type: string },
): Promise<FulfilResult> {
  return db.transaction(async (tx) => {
    // A webhook event is remembered in the same transaction as its effect: a redelivery of a
    // handled event does nothing, and one whose handling failed is tried again.
    if (event) {
      const fresh = await tx
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (fresh.length === 0) return 'already-paid';
    }
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, sessionId))
      .for('update');
    if (!payment) return 'unknown-session';
    if (payment.status === 'paid') return 'already-paid';
    if (!payment.offerId || !payment.propertyId) return 'offer-not-payable';
    await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, payment.propertyId))
      .for('update');
    const [offer] = await tx
      .select()
      .from(offers)
      .where(eq(offers.id, payment.offerId))
      .for('update');
    if (offer?.status !== 'accepted') return 'offer-not-payable';

    await tx
      .update(payments)
      .set({ status: 'paid', transactionId, paidAt: new Date() })
      .where(eq(payments.id, payment.id));
    await tx.update(offers).set({ status: 'paid' }).where(eq(offers.id, offer.id));
    await tx
      .update(properties)
      .set({ availability: 'Sold' })
      .where(eq(properties.id, offer.propertyId));
    return 'fulfilled';
  });
}

export async function paymentOfBuyer(db: Database, buyer: SessionUser, sessionId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));
  if (!payment || payment.buyerId !== buyer.id) throw notFound('Payment session not found');
  return payment;
}

/**
 * Whether a session is paid. With Stripe the provider is asked again (and a paid session the
 * webhook has not delivered yet is fulfilled here); the demo provider's record is our own.
 */
export async function verifyPayment(
  db: Database,
  provider: PaymentProvider,
  buyer: SessionUser,
  sessionId: string,
) {
  let payment = await paymentOfBuyer(db, buyer, sessionId);
  if (payment.status !== 'paid' && payment.provider === provider.name) {
    const remote = await provider.retrieve(sessionId);
    if (remote?.paid && remote.transactionId) {
      await fulfilPayment(db, sessionId, remote.transactionId);
      payment = await paymentOfBuyer(db, buyer, sessionId);
    }
  }
  return {
    verified: payment.status === 'paid',
    transactionId: payment.status === 'paid' ? payment.transactionId : null,
    amount: toDollars(payment.amountCents),
  };
}
