import {
  ADMIN_EDIT_MESSAGES,
  formatDollars,
  REPORT_OUTCOME_MESSAGES,
  type ReportDecision,
  type Role,
  timeToPayLeft,
  toDollars,
} from '@keyhaven/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { offers, payments, properties, reviews, users } from '../../db/schema.js';
import type { DeadlineChange } from '../offers/payment-deadline.js';
import type { Decided } from '../reports/reports.service.js';
import type { NotificationEvent } from './notifications.service.js';

/*
 * What each event says, to whom, and where it leads: read from the database after the change,
 * in the product's words. Agents read their listing's own title; buyers the title they saw,
 * the one last approved.
 */

const DASHBOARD = {
  root: '/dashboard',
  requests: '/dashboard/requests',
  // Purchased Properties: a buyer's offers with their answers, where an accepted one is paid.
  bought: '/dashboard/bought',
  sold: '/dashboard/sold-properties',
  myProperties: '/dashboard/my-properties',
} as const;
const listingPage = (id: string) => `/propertyDetails/${encodeURIComponent(id)}`;

const buyers = alias(users, 'notified_buyers');
const publishedTitle = sql<string>`coalesce(${properties.published}->>'title', ${properties.title})`;
const money = (cents: number) => formatDollars(toDollars(cents));
const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function offerRows(db: Executor) {
  return db
    .select({
      offer: offers,
      buyerName: buyers.name,
      agentId: properties.agentId,
      agentTitle: properties.title,
      buyerTitle: publishedTitle,
    })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.propertyId))
    .innerJoin(buyers, eq(buyers.id, offers.buyerId));
}

/** A buyer offered on an agent's listing. */
export async function offerReceived(db: Executor, offerId: string): Promise<NotificationEvent[]> {
  const [row] = await offerRows(db).where(eq(offers.id, offerId));
  if (!row) return [];
  return [
    {
      kind: 'offer_received',
      key: `offer_received:${offerId}`,
      recipients: [row.agentId],
      title: `New offer on ${row.agentTitle}`,
      body: `${row.buyerName} offered ${money(row.offer.amountCents)}.`,
      link: DASHBOARD.requests,
    },
  ];
}

/**
 * A buyer took back their offer. A pending one is deleted with the withdrawal, so the caller
 * passes what it knew of it.
 */
export async function offerWithdrawn(
  db: Executor,
  withdrawal: { offerId: string; propertyId: string; buyerName: string; wasAccepted: boolean },
): Promise<NotificationEvent[]> {
  const [listing] = await db
    .select({ agentId: properties.agentId, title: properties.title })
    .from(properties)
    .where(eq(properties.id, withdrawal.propertyId));
  if (!listing) return [];
  return [
    {
      kind: 'offer_withdrawn',
      key: `offer_withdrawn:${withdrawal.offerId}`,
      recipients: [listing.agentId],
      title: `Offer withdrawn on ${listing.title}`,
      body: withdrawal.wasAccepted
        ? `${withdrawal.buyerName} withdrew their accepted offer. The home is available to buyers again.`
        : `${withdrawal.buyerName} withdrew their offer.`,
      link: DASHBOARD.requests,
    },
  ];
}

/** The agent accepted one offer; the listing's other pending offers were declined with it. */
export async function offerAccepted(
  db: Executor,
  decision: { acceptedOfferId: string; declinedOfferIds: string[] },
): Promise<NotificationEvent[]> {
  const rows = await offerRows(db).where(
    inArray(offers.id, [decision.acceptedOfferId, ...decision.declinedOfferIds]),
  );
  return rows.map((row) =>
    row.offer.id === decision.acceptedOfferId
      ? {
          kind: 'offer_accepted',
          key: `offer_accepted:${row.offer.id}`,
          recipients: [row.offer.buyerId],
          title: `Your offer on ${row.buyerTitle} is accepted`,
          body: row.offer.payBy
            ? `Pay ${money(row.offer.amountCents)} by ${longDate(row.offer.payBy)} to buy this home.`
            : `Pay ${money(row.offer.amountCents)} to buy this home.`,
          link: DASHBOARD.bought,
        }
      : {
          kind: 'offer_rejected',
          key: `offer_rejected:${row.offer.id}`,
          recipients: [row.offer.buyerId],
          title: `Your offer on ${row.buyerTitle} was declined`,
          body: 'The agent accepted another offer on this home.',
          link: DASHBOARD.bought,
        },
  );
}

/** The agent declined one buyer's offer. */
export async function offerRejected(db: Executor, offerId: string): Promise<NotificationEvent[]> {
  const [row] = await offerRows(db).where(eq(offers.id, offerId));
  if (!row) return [];
  return [
    {
      kind: 'offer_rejected',
      key: `offer_rejected:${offerId}`,
      recipients: [row.offer.buyerId],
      title: `Your offer on ${row.buyerTitle} was declined`,
      body: `The agent declined your offer of ${money(row.offer.amountCents)}.`,
      link: DASHBOARD.bought,
    },
  ];
}

/**
 * Accepted offers ended unpaid and their homes are on offer again: the payment deadline passed
 * (they lapsed), or the listing's agent (after the deadline) or an admin released them. The buyer
 * is told, and the agent too unless the agent did it.
 */
export async function offersEndedUnpaid(
  db: Executor,
  ended: { offerIds: string[]; releasedBy?: 'agent' | 'admin' },
): Promise<NotificationEvent[]> {
  if (ended.offerIds.length === 0) return [];
  const rows = await offerRows(db).where(inArray(offers.id, ended.offerIds));
  return rows.flatMap((row) => {
    const { offer } = row;
    const deadline = offer.payBy ? `by ${longDate(offer.payBy)}` : 'in time';
    const buyerBody = {
      lapsed: `It was not paid ${deadline}, so the home is offered to other buyers again.`,
      agent: `It was not paid ${deadline}, so the agent released it and the home is offered to other buyers again.`,
      admin: 'An admin released your accepted offer, so the home is offered to other buyers again.',
    }[ended.releasedBy ?? 'lapsed'];
    const events: NotificationEvent[] = [
      {
        kind: 'offer_ended_unpaid',
        key: `offer_ended_unpaid:${offer.id}:buyer`,
        recipients: [offer.buyerId],
        title: ended.releasedBy
          ? `Your offer on ${row.buyerTitle} was released`
          : `Your offer on ${row.buyerTitle} lapsed`,
        body: buyerBody,
        link: DASHBOARD.bought,
      },
    ];
    if (ended.releasedBy !== 'agent') {
      events.push({
        kind: 'offer_ended_unpaid',
        key: `offer_ended_unpaid:${offer.id}:agent`,
        recipients: [row.agentId],
        title: ended.releasedBy
          ? `Offer released on ${row.agentTitle}`
          : `Offer lapsed on ${row.agentTitle}`,
        body: ended.releasedBy
          ? `An admin released ${row.buyerName}'s accepted offer. The home is available to buyers again.`
          : `${row.buyerName} did not pay ${deadline}. The home is available to buyers again.`,
        link: DASHBOARD.requests,
      });
    }
    return events;
  });
}

/**
 * A review paused or resumed the payment deadline of an accepted offer: the buyer hears that
 * they cannot pay for now and keep their time, or until when they can pay again; the agent hears
 * it too. Keyed by the moment the deadline stood still, or by the new deadline.
 */
export async function paymentDeadlineChanged(
  db: Executor,
  deadline: DeadlineChange | null,
): Promise<NotificationEvent[]> {
  if (!deadline) return [];
  const [row] = await offerRows(db).where(eq(offers.id, deadline.offerId));
  const payBy = row?.offer.payBy;
  // Read on the transaction that paused it: a paused offer carries the moment it stood still.
  const paused = deadline.change === 'paused' ? row?.offer.paymentPausedAt : null;
  if (!row || !payBy || (deadline.change === 'paused' && !paused)) return [];
  const at = (paused ?? payBy).getTime();
  const left = paused ? timeToPayLeft((payBy.getTime() - paused.getTime()) / 1000) : '';
  const amount = money(row.offer.amountCents);
  const event = (side: 'buyer' | 'agent', title: string, body: string): NotificationEvent => ({
    kind: 'payment_deadline_changed',
    key: `payment_deadline_changed:${row.offer.id}:${deadline.change}:${at}:${side}`,
    recipients: [side === 'buyer' ? row.offer.buyerId : row.agentId],
    title,
    body,
    link: side === 'buyer' ? DASHBOARD.bought : DASHBOARD.requests,
  });
  return paused
    ? [
        event(
          'buyer',
          `Your payment for ${row.buyerTitle} is paused`,
          `Our team is reviewing this home, so it cannot be paid for now. Your deadline is paused: you will still have ${left} to pay ${amount} once it is approved.`,
        ),
        event(
          'agent',
          `Payment deadline paused on ${row.agentTitle}`,
          `${row.buyerName} cannot pay while the listing is under review, so their deadline is paused with ${left} left.`,
        ),
      ]
    : [
        event(
          'buyer',
          `You can pay for ${row.buyerTitle} again`,
          `The review is over. Pay ${amount} by ${longDate(payBy)} to buy this home.`,
        ),
        event(
          'agent',
          `Payment deadline resumed on ${row.agentTitle}`,
          `${row.buyerName} can pay again, until ${longDate(payBy)}.`,
        ),
      ];
}

/**
 * A checkout was paid and the home sold. Keyed by the payment, so the webhook and the buyer's
 * return from checkout, which may both complete it, tell each side once.
 */
export async function paymentFulfilled(
  db: Executor,
  checkoutSessionId: string,
): Promise<NotificationEvent[]> {
  const [row] = await db
    .select({
      payment: payments,
      buyerName: buyers.name,
      agentId: properties.agentId,
      agentTitle: properties.title,
      buyerTitle: publishedTitle,
    })
    .from(payments)
    .innerJoin(properties, eq(properties.id, payments.propertyId))
    .innerJoin(buyers, eq(buyers.id, payments.buyerId))
    .where(eq(payments.checkoutSessionId, checkoutSessionId));
  if (row?.payment.status !== 'paid') return [];
  const { payment } = row;
  return [
    {
      kind: 'payment_confirmed',
      key: `payment_confirmed:${payment.id}`,
      // The buyer's account is there: the query joins it.
      recipients: [payment.buyerId as string],
      title: `Payment confirmed for ${row.buyerTitle}`,
      body: `We received your payment of ${money(payment.amountCents)}. The home is yours.`,
      link: DASHBOARD.bought,
    },
    {
      kind: 'payment_received',
      key: `payment_received:${payment.id}`,
      recipients: [row.agentId],
      title: `Payment received for ${row.agentTitle}`,
      body: `${row.buyerName} paid ${money(payment.amountCents)}. The home is sold.`,
      link: DASHBOARD.sold,
    },
  ];
}

/**
 * An admin approved or rejected a listing. The time of the decision is part of its key: a
 * listing approved, edited and approved again is news each time.
 */
export async function listingDecided(
  db: Executor,
  decision: { propertyId: string; approved: boolean; decidedAt: Date },
): Promise<NotificationEvent[]> {
  const [listing] = await db
    .select({ agentId: properties.agentId, title: properties.title })
    .from(properties)
    .where(eq(properties.id, decision.propertyId));
  if (!listing) return [];
  const at = decision.decidedAt.getTime();
  return [
    decision.approved
      ? {
          kind: 'listing_approved',
          key: `listing_approved:${decision.propertyId}:${at}`,
          recipients: [listing.agentId],
          title: `${listing.title} is approved`,
          body: 'Buyers can now see your listing and make offers.',
          link: DASHBOARD.myProperties,
        }
      : {
          kind: 'listing_rejected',
          key: `listing_rejected:${decision.propertyId}:${at}`,
          recipients: [listing.agentId],
          title: `${listing.title} was rejected`,
          body: 'An admin rejected your listing, so buyers cannot see it. Edit it to send it for review again.',
          link: DASHBOARD.myProperties,
        },
  ];
}

/**
 * An admin edited an agent's listing, which is live at once. The time of the edit is part of its
 * key: every edit is news.
 */
export async function listingEditedByAdmin(
  db: Executor,
  propertyId: string,
  editedAt: Date,
): Promise<NotificationEvent[]> {
  const [listing] = await db
    .select({ agentId: properties.agentId, title: properties.title })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!listing) return [];
  return [
    {
      kind: 'listing_edited',
      key: `listing_edited:${propertyId}:${editedAt.getTime()}`,
      recipients: [listing.agentId],
      title: ADMIN_EDIT_MESSAGES.noticeTitle(listing.title),
      body: ADMIN_EDIT_MESSAGES.noticeBody,
      link: DASHBOARD.myProperties,
    },
  ];
}

/** A buyer reviewed a listing for the first time (a second review replaces the first). */
export async function reviewReceived(db: Executor, reviewId: string): Promise<NotificationEvent[]> {
  const [row] = await db
    .select({
      review: reviews,
      reviewerName: users.name,
      agentId: properties.agentId,
      title: properties.title,
    })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.id, reviewId));
  if (!row?.review.propertyId) return [];
  const said = row.review.title ? `: “${row.review.title}”` : '.';
  return [
    {
      kind: 'review_received',
      key: `review_received:${reviewId}`,
      recipients: [row.agentId],
      title: `New review of ${row.title}`,
      body: `${row.reviewerName} rated it ${row.review.rating} out of 5${said}`,
      link: listingPage(row.review.propertyId),
    },
  ];
}

const ROLE_NEWS: Record<Role, { title: string; body: string }> = {
  user: {
    title: 'Your account is now a buyer account',
    body: 'You can browse homes, save them and make offers.',
  },
  agent: {
    title: 'You are now an agent',
    body: 'You can list homes for sale and answer offers from your dashboard.',
  },
  admin: {
    title: 'You are now an admin',
    body: 'You can review listings, manage users and moderate reviews from your dashboard.',
  },
  fraud: {
    title: 'Your account has been suspended',
    body: 'An admin marked your account as fraud. Your listings no longer show to buyers.',
  },
};

/** An admin changed someone's role; the time keeps each change a separate event. */
export function roleChanged(change: {
  userId: string;
  role: Role;
  changedAt: Date;
}): NotificationEvent[] {
  return [
    {
      kind: 'role_changed',
      key: `role_changed:${change.userId}:${change.changedAt.getTime()}`,
      recipients: [change.userId],
      ...ROLE_NEWS[change.role],
      link: DASHBOARD.root,
    },
  ];
}

/**
 * Reports closed by an admin's decision or by the listing's deletion: each reporter hears how
 * theirs ended, and a dismissed one leads back to the listing.
 */
export function reportsClosed(
  reports: Decided['reports'],
  outcome: { decision: ReportDecision; propertyId: string },
): NotificationEvent[] {
  const link = outcome.decision === 'dismiss' ? listingPage(outcome.propertyId) : DASHBOARD.root;
  return reports.map((report) => ({
    kind: 'report_outcome',
    key: `report_outcome:${report.id}`,
    recipients: [report.reporterId],
    title: `About ${report.propertyTitle}, which you reported`,
    body: REPORT_OUTCOME_MESSAGES[outcome.decision],
    link,
  }));
}

/**
 * An admin decided on a listing's reports: every reporter hears the outcome, the agent hears
 * what to correct, and an agent marked as fraud hears of the new role.
 */
export function reportsDecided(decided: Decided, decidedAt: Date): NotificationEvent[] {
  const events = reportsClosed(decided.reports, decided);
  if (decided.decision === 'request_correction') {
    events.push({
      kind: 'correction_requested',
      key: `correction_requested:${decided.reports[0]?.id ?? decided.propertyId}`,
      recipients: [decided.agentId],
      title: `Please correct ${decided.title}`,
      body: `${decided.note} Buyers cannot see the listing until you save your correction and an admin approves it.`,
      link: `/EditPropertyDetails/${decided.propertyId}`,
    });
  }
  if (decided.decision === 'mark_agent_fraud') {
    events.push(...roleChanged({ userId: decided.agentId, role: 'fraud', changedAt: decidedAt }));
  }
  return events;
}
