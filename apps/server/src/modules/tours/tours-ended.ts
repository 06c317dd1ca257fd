import { TOUR_MESSAGES } from '@keyhaven/shared';
import { and, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments, tours } from '../../db/schema.js';
import type { NotificationEvent } from '../notifications/notifications.service.js';
import { type Site, type TourChange, tourNotices } from './tour-notices.js';
import type { TourRow } from './tour-view.js';

/*
 * Tours the marketplace calls off: a listing sold or withdrawn takes no visitors, and a buyer
 * should not meet an agent marked as fraud. The buyers are told, with the invitation cancelled.
 */

/** Who is told when tours end because their listing or agent can no longer hold them. */
export type EndedBecause = 'sold' | 'withdrawn' | 'agentUnavailable';

/**
 * Cancels the tours of a listing sold or withdrawn, or of an agent marked as fraud: every request
 * still open, and confirmed tours not yet begun (one that took place stays, to be completed).
 * Answers the changes, for their notices to the buyers.
 */
export async function endTours(
  tx: Executor,
  which: { propertyId: string } | { agentId: string },
  because: EndedBecause,
  now = new Date(),
): Promise<TourChange[]> {
  const owner: SQL =
    'propertyId' in which
      ? eq(tours.propertyId, which.propertyId)
      : eq(tours.agentId, which.agentId);
  const open = or(
    inArray(tours.status, ['pending', 'rescheduled']),
    and(eq(tours.status, 'confirmed'), gt(tours.startsAt, now)),
  );
  const ending: Pick<TourRow, 'id' | 'status'>[] = await tx
    .select({ id: tours.id, status: tours.status })
    .from(tours)
    .where(and(owner, open))
    .for('update');
  if (ending.length === 0) return [];
  await tx
    .update(tours)
    .set({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: TOUR_MESSAGES.systemReasons[because],
      sequence: sql`${tours.sequence} + 1`,
    })
    .where(
      inArray(
        tours.id,
        ending.map((tour) => tour.id),
      ),
    );
  return ending.map((tour) => ({
    tourId: tour.id,
    action: 'cancel',
    by: 'system',
    before: tour.status,
    systemReason: because,
  }));
}

/** A sale was paid: its listing's tours end, on the sale's transaction; answers the notices. */
export async function toursEndedBySale(
  tx: Executor,
  sessionId: string,
  site: Site,
): Promise<NotificationEvent[]> {
  const [sale] = await tx
    .select({ propertyId: payments.propertyId })
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));
  if (!sale?.propertyId) return [];
  return tourNotices(tx, await endTours(tx, { propertyId: sale.propertyId }, 'sold'), site);
}
