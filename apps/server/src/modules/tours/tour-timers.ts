import { TOUR_LIMITS, TOUR_MESSAGES } from '@keyhaven/shared';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Transaction } from '../../db/client.js';
import { tours } from '../../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { NotificationEvent } from '../notifications/notifications.service.js';
import { heldStartsAt, instant } from './tour-availability.js';
import { type Site, type TourChange, tourNotices, tourReminder } from './tour-notices.js';

/*
 * What happens to a tour at its times, by jobs queued with each change: reminders a day and an
 * hour before a confirmed tour, a request nobody answered lapsing at its time, and a confirmed
 * tour completing a day after it ended (a buyer who toured may then review the agent even if the
 * agent forgets to mark it). Each job names the start it was queued for: after the tour moved,
 * an old job finds another start and does nothing. A reminder is claimed by a conditional update
 * before it is sent, so a job run twice reminds once.
 */

export const TOUR_TIMER_QUEUE = 'tour-timer';

const HOUR = 3_600_000;

export interface TourTimer {
  tourId: string;
  step: 'remind-24h' | 'remind-1h' | 'lapse' | 'complete';
  /** The start the tour held when the job was queued (ISO). */
  at: string;
}

/** Queues the jobs the tour's current state and time call for, on the change's transaction. */
export async function scheduleTourTimers(jobs: JobQueue, tx: Executor, tourId: string, now: Date) {
  const [tour] = await tx.select().from(tours).where(eq(tours.id, tourId));
  if (!tour) return;
  const timers: { step: TourTimer['step']; runAt: Date; at: Date }[] = [];
  if (tour.status === 'pending' || tour.status === 'rescheduled') {
    const held = tour.proposedStartsAt ?? tour.startsAt;
    timers.push({ step: 'lapse', runAt: held, at: held });
  }
  if (tour.status === 'confirmed') {
    const [day, hour] = TOUR_LIMITS.reminderHours;
    timers.push(
      {
        step: 'remind-24h',
        runAt: new Date(tour.startsAt.getTime() - day * HOUR),
        at: tour.startsAt,
      },
      {
        step: 'remind-1h',
        runAt: new Date(tour.startsAt.getTime() - hour * HOUR),
        at: tour.startsAt,
      },
      {
        step: 'complete',
        runAt: new Date(tour.endsAt.getTime() + TOUR_LIMITS.autoCompleteHours * HOUR),
        at: tour.startsAt,
      },
    );
  }
  for (const timer of timers) {
    // A reminder whose moment has passed (a tour confirmed at short notice) is not sent late.
    if (timer.step.startsWith('remind') && timer.runAt <= now) continue;
    const data: TourTimer = { tourId, step: timer.step, at: timer.at.toISOString() };
    await jobs.send(TOUR_TIMER_QUEUE, data, {
      key: `${tourId}:${timer.step}:${data.at}`,
      startAfter: timer.runAt,
      tx,
    });
  }
}

/** The 'tour-timer' queue's handler: a timer's change and the notices it calls for, together. */
export const tourTimerHandler = (app: FastifyInstance) => (timer: TourTimer) =>
  app.db.transaction(async (tx) => {
    await app.notifications.queue(tx, await runTourTimer(tx, timer, app.config));
  });

const REMINDED = {
  'remind-24h': { column: tours.reminded24hAt, set: 'reminded24hAt', hours: 24 },
  'remind-1h': { column: tours.reminded1hAt, set: 'reminded1hAt', hours: 1 },
} as const;

/**
 * Runs one timer on `tx`: answers the notices it calls for (none when the tour moved, changed
 * state, or the reminder was already sent).
 */
export async function runTourTimer(
  tx: Transaction,
  timer: TourTimer,
  site: Site,
  now = new Date(),
): Promise<NotificationEvent[]> {
  const at = new Date(timer.at);
  if (timer.step === 'lapse') {
    const [unanswered] = await tx
      .select({ status: tours.status })
      .from(tours)
      .where(
        and(
          eq(tours.id, timer.tourId),
          inArray(tours.status, ['pending', 'rescheduled']),
          eq(heldStartsAt, instant(at)),
          lte(heldStartsAt, instant(now)),
        ),
      )
      .for('update');
    if (!unanswered) return [];
    await tx
      .update(tours)
      .set({
        status: 'cancelled',
        cancelledBy: 'system',
        cancelReason: TOUR_MESSAGES.systemReasons.lapsed,
        sequence: sql`${tours.sequence} + 1`,
      })
      .where(eq(tours.id, timer.tourId));
    const change: TourChange = {
      tourId: timer.tourId,
      action: 'cancel',
      by: 'system',
      before: unanswered.status,
      systemReason: 'lapsed',
    };
    return tourNotices(tx, [change], site, now);
  }
  if (timer.step === 'complete') {
    const completed = await tx
      .update(tours)
      .set({ status: 'completed', sequence: sql`${tours.sequence} + 1` })
      .where(and(eq(tours.id, timer.tourId), eq(tours.status, 'confirmed'), eq(tours.startsAt, at)))
      .returning({ id: tours.id });
    if (completed.length === 0) return [];
    const change: TourChange = {
      tourId: timer.tourId,
      action: 'complete',
      by: 'system',
      before: 'confirmed',
    };
    return tourNotices(tx, [change], site, now);
  }
  const reminder = REMINDED[timer.step];
  const claimed = await tx
    .update(tours)
    .set({ [reminder.set]: now })
    .where(
      and(
        eq(tours.id, timer.tourId),
        eq(tours.status, 'confirmed'),
        eq(tours.startsAt, at),
        isNull(reminder.column),
      ),
    )
    .returning({ id: tours.id });
  if (claimed.length === 0) return [];
  return tourReminder(tx, timer.tourId, reminder.hours);
}
