import {
  ACCOUNT_RECOVERY_MESSAGES,
  PAYMENT_HOLD_MESSAGES,
  PAYMENT_MESSAGES,
  type PaymentHold,
  toDollars,
} from '@keyhaven/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.js';
import { offers, paymentEvents, payments, properties, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { requireVerifiedEmail } from '../auth/verified-email.js';
import { agents } from '../listing-views/property-view.js';
import { paymentHoldOf } from './payment-hold.js';
import type { PaymentProvider } from './payment-provider.js';

/** A provider checkout stays open at most this long (Stripe allows up to 24 h); then a new one opens. */
const CHECKOUT_OPEN_MS = 23 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Closes checkouts at the provider once our records no longer let them be paid. */
export async function expireAtProvider(provider: PaymentProvider, sessionIds: string[]) {
  await Promise.all(sessionIds.map((id) => provider.expire(id)));
}

/**
 * Opens a checkout for the caller's accepted offer on a listing, or gives back the one already
 * open, so a buyer can never hold two payable checkouts for one offer. The amount is the stored
 * offer's, whatever the request said. Money moves only while the listing is approved and its
 * agent trusted, and only before the payment deadline.
 */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  buyer: SessionUser,
  propertyId: string,
  /** Lapses the listing's overdue offer first (and tells of it), so a late buyer is refused. */
  lapseOverdue: (propertyId: string, now: Date) => Promise<void>,
  now = new Date(),
) {
  requireVerifiedEmail(buyer, ACCOUNT_RECOVERY_MESSAGES.verifyBeforePayment);
  await lapseOverdue(propertyId, now);
  const [row] = await db
    .select({
      offer: offers,
      title: properties.title,
      approval: properties.approval,
      agentRole: agents.role,
    })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.propertyId))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(and(eq(offers.propertyId, propertyId), eq(offers.buyerId, buyer.id)))
    .orderBy(desc(offers.createdAt))
    .limit(1);
  if (!row || !['accepted', 'paid', 'lapsed'].includes(row.offer.status)) {
    throw notFound('You have no accepted offer on this property');
  }
  const { offer } = row;
  if (offer.status === 'paid') throw conflict('This offer is already paid.');
  if (offer.status === 'lapsed') throw conflict(PAYMENT_MESSAGES.deadlinePassed);
  const hold = paymentHoldOf(row);
  if (hold) throw conflict(PAYMENT_HOLD_MESSAGES[hold]);

  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.offerId, offer.id), eq(payments.status, 'open')));
  if (open) {
    const url =
      open.provider === provider.name ? await provider.resume(open.checkoutSessionId) : null;
    if (url) return url;
    await db
      .update(payments)
      .set({ status: 'expired' })
      .where(and(eq(payments.id, open.id), eq(payments.status, 'open')));
  }

  const [attempts] = await db
    .select({ value: count() })
    .from(payments)
    .where(eq(payments.offerId, offer.id));
  // Counted from the whole minute, so simultaneous clicks send the provider identical
  // parameters under one idempotency key (a key reused with other parameters is refused).
  const minute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const expiresAt = new Date(
    Math.min(
      (offer.payBy ?? new Date(minute + CHECKOUT_OPEN_MS)).getTime(),
      minute + CHECKOUT_OPEN_MS,
    ),
  );
  const session = await provider.createCheckout({
    offerId: offer.id,
    amountCents: offer.amountCents,
    title: row.title,
    buyerEmail: buyer.email,
    idempotencyKey: `checkout:${offer.id}:${attempts?.value ?? 0}:${expiresAt.getTime() / 1000}`,
    expiresAt,
  });
  try {
    await db.insert(payments).values({
      offerId: offer.id,
      buyerId: buyer.id,
      propertyId,
      provider: provider.name,
      checkoutSessionId: session.sessionId,
      amountCents: offer.amountCents,
    });
    return session.url;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A simultaneous request opened the offer's checkout first: that one is the buyer's.
    const [winner] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.offerId, offer.id), eq(payments.status, 'open')));
    if (!winner) throw error;
    if (winner.checkoutSessionId !== session.sessionId) {
      await provider.expire(session.sessionId);
    }
    const url = await provider.resume(winner.checkoutSessionId);
    if (!url) throw conflict(PAYMENT_MESSAGES.notPayable);
    return url;
  }
}

/** Why money received could not become a sale, kept for the admin who sends it back. */
export type RefundReason = PaymentHold | 'offer-ended';

const REFUND_REASONS: Record<RefundReason, string> = {
  'under-review': 'The listing was under review when the payment arrived.',
  'agent-suspended': "The listing's agent was marked as fraud when the payment arrived.",
  'offer-ended':
    'The offer had ended (withdrawn, lapsed, released or removed) when the payment arrived.',
};

export type FulfilResult =
  | 'fulfilled'
  | 'already-paid'
  | 'unknown-session'
  | 'offer-not-payable'
  | 'refund-due';

export interface FulfilOptions {
  event?: { id: string; type: string };
  /**
   * The demo checkout asks before it takes the card: an unpayable offer is refused and nothing
   * is recorded. A real provider has already taken the money, which is then kept for a refund.
   */
  refuseUnpayable?: boolean;
  /** Called on the sale's own transaction, so a sale that commits has always announced itself. */
  onFulfilled?: SaleAnnouncer;
}

/** Queues the word of a sale on the transaction that records it. */
export type SaleAnnouncer = (tx: Transaction, sessionId: string) => Promise<void>;

/**
 * Records a payment the provider confirmed: payment paid, offer paid, home sold, all at once.
 * If the listing or its agent stopped being trusted after checkout opened, or the offer ended,
 * the money is recorded as received and due for a refund, never silently dropped.
 * Locks run payment -> listing -> offer, so concurrent confirmations of one session queue up
 * and all but the first find it already handled.
 */
export async function fulfilPayment(
  db: Database,
  sessionId: string,
  transactionId: string,
  options: FulfilOptions = {},
): Promise<FulfilResult> {
  return db.transaction(async (tx) => {
    // A webhook event is remembered in the same transaction as its effect: a redelivery of a
    // handled event does nothing, and one whose handling failed is tried again.
    if (options.event) {
      const fresh = await tx
        .insert(paymentEvents)
        .values(options.event)
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
    if (['paid', 'refund_due', 'refunded'].includes(payment.status)) return 'already-paid';
    // A checkout we closed (superseded, or its offer ended) takes no more demo payments.
    if (options.refuseUnpayable && payment.status !== 'open') return 'offer-not-payable';

    const [listing] = payment.propertyId
      ? await tx
          .select({ approval: properties.approval, agentRole: agents.role })
          .from(properties)
          .innerJoin(agents, eq(agents.id, properties.agentId))
          .where(eq(properties.id, payment.propertyId))
          .for('update', { of: properties })
      : [];
    const [offer] = payment.offerId
      ? await tx.select().from(offers).where(eq(offers.id, payment.offerId)).for('update')
      : [];
    const reason: RefundReason | null =
      !listing || offer?.status !== 'accepted' ? 'offer-ended' : paymentHoldOf(listing);

    if (reason || !offer) {
      if (options.refuseUnpayable) return 'offer-not-payable';
      await tx
        .update(payments)
        .set({
          status: 'refund_due',
          transactionId,
          paidAt: new Date(),
          refundReason: reason ?? 'offer-ended',
        })
        .where(eq(payments.id, payment.id));
      return 'refund-due';
    }

    await tx
      .update(payments)
      .set({ status: 'paid', transactionId, paidAt: new Date() })
      .where(eq(payments.id, payment.id));
    await tx.update(offers).set({ status: 'paid' }).where(eq(offers.id, offer.id));
    await tx
      .update(properties)
      .set({ availability: 'Sold' })
      .where(eq(properties.id, offer.propertyId));
    await options.onFulfilled?.(tx, sessionId);
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
 * webhook has not delivered yet is fulfilled here, and `onFulfilled` announces it); the demo
 * provider's record is our own.
 */
export async function verifyPayment(
  db: Database,
  provider: PaymentProvider,
  buyer: SessionUser,
  sessionId: string,
  onFulfilled?: SaleAnnouncer,
) {
  let payment = await paymentOfBuyer(db, buyer, sessionId);
  if (payment.status === 'open' && payment.provider === provider.name) {
    const remote = await provider.retrieve(sessionId);
    if (remote?.paid && remote.transactionId) {
      await fulfilPayment(db, sessionId, remote.transactionId, { onFulfilled });
      payment = await paymentOfBuyer(db, buyer, sessionId);
    }
  }
  return {
    verified: payment.status === 'paid',
    transactionId: payment.status === 'paid' ? payment.transactionId : null,
    amount: toDollars(payment.amountCents),
    refundDue: payment.status === 'refund_due' || payment.status === 'refunded',
  };
}

const refundBuyers = alias(users, 'refund_buyers');

/** Money received that did not become a sale, newest first, for the admins who send it back. */
export async function paymentsToRefund(db: Database) {
  const rows = await db
    .select({
      payment: payments,
      buyerEmail: refundBuyers.email,
      propertyTitle: properties.title,
    })
    .from(payments)
    .leftJoin(refundBuyers, eq(refundBuyers.id, payments.buyerId))
    .leftJoin(properties, eq(properties.id, payments.propertyId))
    .where(inArray(payments.status, ['refund_due', 'refunded']))
    .orderBy(desc(payments.paidAt));
  return rows.map(({ payment, buyerEmail, propertyTitle }) => ({
    _id: payment.id,
    status: payment.status as 'refund_due' | 'refunded',
    amount: toDollars(payment.amountCents),
    reason: REFUND_REASONS[(payment.refundReason ?? 'offer-ended') as RefundReason],
    transactionId: payment.transactionId,
    paidAt: payment.paidAt?.toISOString() ?? null,
    buyerEmail,
    propertyId: payment.propertyId,
    propertyTitle,
  }));
}

/** An admin sends back money that did not become a sale; the provider refunds it once. */
export async function refundPayment(
  db: Database,
  provider: PaymentProvider,
  admin: SessionUser,
  paymentId: string,
) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound('Payment not found');
  if (payment.status !== 'refund_due' || !payment.transactionId) {
    throw conflict('Only a payment due for a refund can be refunded.');
  }
  if (payment.provider !== provider.name) {
    throw conflict(`This payment was taken by ${payment.provider}; refund it there.`);
  }
  const refundId = await provider.refund(payment.transactionId, `refund:${payment.id}`);
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: 'refunded' })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'refund_due')));
    await recordAudit(tx, {
      actor: admin,
      action: 'payment.refunded',
      targetType: 'payment',
      targetId: payment.id,
      details: { amountCents: payment.amountCents, refundId, reason: payment.refundReason },
      before: { status: payment.status },
      after: { status: 'refunded', refundId },
    });
  });
}
