import { TOUR_MESSAGES, TOUR_PAGES, tourTimes } from '@keyhaven/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tours } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { invitation } from '../../lib/icalendar.js';
import type { Viewer } from '../listing-views/property-view.js';
import type { CalendarAttachment } from '../mail/mail.service.js';
import type { NotificationEvent } from '../notifications/notifications.service.js';
import { sideOf, type TourRow, type TourWithPeople, toursWithPeople } from './tour-view.js';

/*
 * What a tour's change tells the other side, in the app and by e-mail, and the invitation the
 * e-mail carries: one UID per tour (`tour-<id>@<host>`), its SEQUENCE one more with each change,
 * REQUEST while the tour is on or proposed, CANCEL once it is off.
 */

export interface Site {
  publicUrl: string;
  brandName: string;
}

/** How a tour changed, and who changed it. */
export interface TourChange {
  tourId: string;
  action: 'request' | 'confirm' | 'propose' | 'accept' | 'decline' | 'cancel' | 'complete';
  by: 'buyer' | 'agent' | 'system';
  /** The state before: an invitation was sent only to a tour that was confirmed or proposed. */
  before: TourRow['status'] | null;
  /** Why the marketplace cancelled it (a system cancellation). */
  systemReason?: keyof typeof TOUR_MESSAGES.systemReasons;
}

const invited = (status: TourRow['status'] | null) =>
  status === 'confirmed' || status === 'rescheduled';

/** The tour's invitation as it stands now. */
export function tourCalendar(row: TourWithPeople, site: Site, now: Date): CalendarAttachment {
  const { tour } = row;
  const origin = site.publicUrl.replace(/\/$/, '');
  const link = tour.propertyId ? `${origin}/propertyDetails/${tour.propertyId}` : undefined;
  const off = tour.status === 'cancelled' || tour.status === 'declined';
  // The time it held last: a proposal is cleared when accepted, kept when the tour is called off.
  const proposed = tour.proposedStartsAt && tour.proposedEndsAt;
  const method = off ? 'CANCEL' : 'REQUEST';
  const title = row.buyerTitle ?? tour.propertyTitle;
  const content = invitation(
    {
      uid: `tour-${tour.id}@${new URL(origin).host}`,
      start: proposed ? (tour.proposedStartsAt as Date) : tour.startsAt,
      end: proposed ? (tour.proposedEndsAt as Date) : tour.endsAt,
      // Both sides get it: the title is the one buyers see.
      summary: TOUR_MESSAGES.calendarSummary(title),
      location: tour.propertyLocation,
      description: TOUR_MESSAGES.calendarDescription(title, tour.kind, link ?? origin),
      ...(link ? { url: link } : {}),
      sequence: tour.sequence,
      status: off
        ? 'CANCELLED'
        : tour.status === 'pending' || tour.status === 'rescheduled'
          ? 'TENTATIVE'
          : 'CONFIRMED',
      organizer: { name: row.agentName, email: row.agentEmail },
      attendee: { name: row.buyerName, email: row.buyerEmail },
    },
    method,
    now,
    site.brandName,
  );
  return { method, content, filename: TOUR_MESSAGES.calendarFileName(tour.id) };
}

/** The tour's invitation for its buyer or its agent; anyone else is told it does not exist. */
export async function tourCalendarFor(db: Executor, viewer: Viewer, id: string, site: Site) {
  const [row] = await toursWithPeople(db).where(eq(tours.id, id));
  if (!row || !sideOf(row.tour, viewer)) throw notFound(TOUR_MESSAGES.notFound);
  return tourCalendar(row, site, new Date());
}

const heldTimes = (tour: TourRow) =>
  tourTimes(
    {
      startsAt: (tour.proposedStartsAt ?? tour.startsAt).toISOString(),
      endsAt: (tour.proposedEndsAt ?? tour.endsAt).toISOString(),
    },
    tour.timeZone,
  );

/** The notice (and e-mail) one change of one tour calls for. */
function noticeOf(row: TourWithPeople, change: TourChange, site: Site, now: Date) {
  const { tour } = row;
  const key = `tour:${tour.id}:${tour.sequence}`;
  const times = heldTimes(tour);
  const buyerTitle = row.buyerTitle ?? tour.propertyTitle;
  const agentTitle = row.listingTitle ?? tour.propertyTitle;
  const toBuyer = { recipients: [tour.buyerId], link: TOUR_PAGES.buyer };
  const toAgent = { recipients: [tour.agentId], link: TOUR_PAGES.agent };
  const calendar = () => ({ calendar: tourCalendar(row, site, now) });
  switch (change.action) {
    case 'request':
      return {
        kind: 'tour_requested',
        key,
        ...toAgent,
        title: TOUR_MESSAGES.noticeRequested(agentTitle),
        body: TOUR_MESSAGES.noticeRequestedBody(row.buyerName, times, tour.kind),
      } satisfies NotificationEvent;
    case 'confirm':
      return {
        kind: 'tour_confirmed',
        key,
        ...toBuyer,
        title: TOUR_MESSAGES.noticeConfirmed(buyerTitle),
        body: TOUR_MESSAGES.noticeConfirmedBody(times),
        ...calendar(),
      } satisfies NotificationEvent;
    case 'propose':
      return {
        kind: 'tour_rescheduled',
        key,
        ...toBuyer,
        title: TOUR_MESSAGES.noticeProposed(buyerTitle),
        body: TOUR_MESSAGES.noticeProposedBody(times),
        ...calendar(),
      } satisfies NotificationEvent;
    case 'accept':
      return {
        kind: 'tour_confirmed',
        key,
        ...toAgent,
        title: TOUR_MESSAGES.noticeAccepted(agentTitle),
        body: TOUR_MESSAGES.noticeAcceptedBody(row.buyerName, times),
        ...calendar(),
      } satisfies NotificationEvent;
    case 'decline':
      return {
        kind: 'tour_declined',
        key,
        ...toBuyer,
        title: TOUR_MESSAGES.noticeDeclined(buyerTitle),
        body: TOUR_MESSAGES.noticeDeclinedBody(tour.declineReason),
        ...(invited(change.before) ? calendar() : {}),
      } satisfies NotificationEvent;
    case 'cancel':
      return cancelNotice(row, change, { key, times, buyerTitle, agentTitle }, () =>
        invited(change.before) ? calendar() : {},
      );
    case 'complete':
      return {
        kind: 'tour_completed',
        key,
        recipients: [tour.buyerId],
        // Where the buyer may now review the agent.
        link: `/agents/${encodeURIComponent(tour.agentId)}`,
        title: TOUR_MESSAGES.noticeCompleted(buyerTitle),
        body: TOUR_MESSAGES.noticeCompletedBody(row.agentName),
      } satisfies NotificationEvent;
  }
}

function cancelNotice(
  row: TourWithPeople,
  change: TourChange,
  words: { key: string; times: string; buyerTitle: string; agentTitle: string },
  calendar: () => { calendar?: CalendarAttachment },
): NotificationEvent {
  const { tour } = row;
  const base = { kind: 'tour_cancelled' as const, key: words.key, ...calendar() };
  if (change.by === 'buyer') {
    return {
      ...base,
      recipients: [tour.agentId],
      link: TOUR_PAGES.agent,
      title: TOUR_MESSAGES.noticeCancelled(words.agentTitle),
      body: TOUR_MESSAGES.noticeCancelledBody(row.buyerName, words.times, tour.cancelReason ?? ''),
    };
  }
  const toBuyer = { recipients: [tour.buyerId], link: TOUR_PAGES.buyer };
  if (change.by === 'agent') {
    return {
      ...base,
      ...toBuyer,
      title: TOUR_MESSAGES.noticeCancelled(words.buyerTitle),
      body: TOUR_MESSAGES.noticeCancelledBody(row.agentName, words.times, tour.cancelReason ?? ''),
    };
  }
  if (change.systemReason === 'lapsed') {
    return {
      ...base,
      ...toBuyer,
      title: TOUR_MESSAGES.noticeLapsed(words.buyerTitle),
      body: TOUR_MESSAGES.noticeLapsedBody(words.times),
    };
  }
  return {
    ...base,
    ...toBuyer,
    title: TOUR_MESSAGES.noticeCancelled(words.buyerTitle),
    body:
      change.systemReason === 'agentUnavailable'
        ? TOUR_MESSAGES.noticeCancelledAgentUnavailable(words.times)
        : TOUR_MESSAGES.noticeCancelledBySystem(words.times),
  };
}

/** The notices of tours' changes, read on the change's transaction after it. */
export async function tourNotices(
  tx: Executor,
  changes: TourChange[],
  site: Site,
  now = new Date(),
): Promise<NotificationEvent[]> {
  if (changes.length === 0) return [];
  const rows = await toursWithPeople(tx).where(
    inArray(
      tours.id,
      changes.map((change) => change.tourId),
    ),
  );
  const byId = new Map(rows.map((row) => [row.tour.id, row]));
  return changes.flatMap((change) => {
    const row = byId.get(change.tourId);
    const notice = row ? noticeOf(row, change, site, now) : null;
    return notice ? [notice] : [];
  });
}

/** The reminder both sides get a day and an hour before a confirmed tour. */
export async function tourReminder(
  tx: Executor,
  tourId: string,
  hours: number,
): Promise<NotificationEvent[]> {
  const [row] = await toursWithPeople(tx).where(eq(tours.id, tourId));
  if (!row) return [];
  const { tour } = row;
  const times = heldTimes(tour);
  const base = {
    kind: 'tour_reminder' as const,
    body: TOUR_MESSAGES.noticeReminderBody(times, tour.kind),
  };
  const at = tour.startsAt.toISOString();
  return [
    {
      ...base,
      key: `tour_reminder:${tour.id}:${hours}h:${at}:buyer`,
      recipients: [tour.buyerId],
      link: TOUR_PAGES.buyer,
      title: TOUR_MESSAGES.noticeReminder(row.buyerTitle ?? tour.propertyTitle, hours),
    },
    {
      ...base,
      key: `tour_reminder:${tour.id}:${hours}h:${at}:agent`,
      recipients: [tour.agentId],
      link: TOUR_PAGES.agent,
      title: TOUR_MESSAGES.noticeReminder(row.listingTitle ?? tour.propertyTitle, hours),
    },
  ];
}
