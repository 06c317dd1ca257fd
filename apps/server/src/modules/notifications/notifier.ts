import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor, Transaction } from '../../db/client.js';
import { MATCH_QUEUE } from '../saved-searches/saved-search-alerts.js';
import { listingDecided } from './notification-events.js';
import { deliverNotification, type NotificationEvent } from './notifications.service.js';

export interface Notifications {
  /**
   * Queues the notifications of the events a change calls for (a 'notify' job per event, keyed
   * by it, so reporting one twice tells nobody twice) on the transaction that makes the change:
   * a change that commits has always queued them, and one that fails told nobody. A failure to
   * queue fails the change with it. A job, which runs again when it fails, may pass the database.
   */
  queue(tx: Executor, events: NotificationEvent[]): Promise<void>;
  /**
   * Makes a change and queues the notices it calls for in one transaction: `tell` reads, on that
   * transaction, what the change did. Answers the change's outcome.
   */
  changeAndTell<T>(
    change: (tx: Transaction) => Promise<T>,
    tell: (tx: Transaction, outcome: T) => Promise<NotificationEvent[]> | NotificationEvent[],
  ): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

export const NOTIFY_QUEUE = 'notify';

/**
 * Delivers one event: its notifications are stored once per recipient, their open pages are told
 * at once, and each recipient who wants this kind by e-mail gets one mail, keyed by event and
 * recipient, so a job run again (a retry, a crash) sends nothing twice.
 */
export async function deliver(app: FastifyInstance, event: NotificationEvent) {
  const { added, mail } = await deliverNotification(app.db, event);
  for (const userId of added) {
    // A page that misses this update still catches up on its next count.
    await app.live
      .publish(userId, { type: 'notifications' })
      .catch((error) => app.log.warn({ err: error, userId }, 'live update not published'));
  }
  for (const recipient of mail) {
    await app.mail.enqueue({
      key: `${event.mailKey ?? event.key}:${recipient.userId}`,
      to: recipient.to,
      userId: recipient.userId,
      template: 'notification',
      props: {
        name: recipient.name,
        kind: event.kind,
        title: event.title,
        body: event.body,
        url: `${app.config.publicUrl}${event.link}`,
      },
      ...(event.calendar ? { calendar: event.calendar } : {}),
    });
  }
}

/** Decorates `app.notifications` and handles the 'notify' queue (needs `app.jobs`, `app.mail`, `app.live`). */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    const queue: Notifications['queue'] = async (tx, events) => {
      for (const event of events) {
        await app.jobs.send(NOTIFY_QUEUE, event, { key: event.key, tx });
      }
    };
    app.decorate('notifications', {
      queue,
      changeAndTell: (change, tell) =>
        app.db.transaction(async (tx) => {
          const outcome = await change(tx);
          await queue(tx, await tell(tx, outcome));
          return outcome;
        }),
    } satisfies Notifications);
    app.jobs.handle<NotificationEvent>(NOTIFY_QUEUE, (event) => deliver(app, event));
  },
  { name: 'notifications' },
);

/**
 * An admin decided on a listing, on the decision's transaction: an approved listing is queued to
 * be matched against the saved searches (the time of the decision keeps a later re-approval a new
 * match run), and its agent's notices are answered.
 */
export async function announceListingDecision(
  app: FastifyInstance,
  tx: Executor,
  propertyId: string,
  approved: boolean,
): Promise<NotificationEvent[]> {
  const decidedAt = new Date();
  if (approved) {
    const key = `saved-search-match:${propertyId}:${decidedAt.getTime()}`;
    await app.jobs.send(MATCH_QUEUE, { propertyId }, { key, tx });
  }
  return listingDecided(tx, { propertyId, approved, decidedAt });
}
