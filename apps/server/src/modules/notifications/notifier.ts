import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { listingDecided } from './notification-events.js';
import { deliverNotification, type NotificationEvent } from './notifications.service.js';

export interface Notifications {
  /**
   * Queues an event's notifications (a 'notify' job keyed by the event, so reporting it twice
   * tells nobody twice). Called after the change is committed; never throws: the person's action
   * already happened, so a failure to queue is logged, not answered.
   */
  emit(event: NotificationEvent): Promise<void>;
  /** Reads what just happened (see notification-events.ts) and emits each event, as emit does. */
  emitFrom(describe: (db: Database) => Promise<NotificationEvent[]>): Promise<void>;
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
      key: `${event.key}:${recipient.userId}`,
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
    });
  }
}

/** Decorates `app.notifications` and handles the 'notify' queue (needs `app.jobs`, `app.mail`, `app.live`). */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    const emit = async (event: NotificationEvent) => {
      try {
        await app.jobs.send(NOTIFY_QUEUE, event, { key: event.key });
      } catch (error) {
        app.log.error({ err: error, key: event.key }, 'notification not queued');
      }
    };
    app.decorate('notifications', {
      emit,
      emitFrom: async (describe) => {
        let events: NotificationEvent[];
        try {
          events = await describe(app.db);
        } catch (error) {
          app.log.error({ err: error }, 'notification not described');
          return;
        }
        for (const event of events) await emit(event);
      },
    } satisfies Notifications);
    app.jobs.handle<NotificationEvent>(NOTIFY_QUEUE, (event) => deliver(app, event));
  },
  { name: 'notifications' },
);

/**
 * An admin decided on a listing: its agent is told, and an approved listing is matched against
 * the saved searches (the time of the decision keeps a later re-approval a new match run).
 */
export async function announceListingDecision(
  app: FastifyInstance,
  propertyId: string,
  approved: boolean,
) {
  const decidedAt = new Date();
  await app.notifications.emitFrom((db) => listingDecided(db, { propertyId, approved, decidedAt }));
  if (!approved) return;
  const key = `saved-search-match:${propertyId}:${decidedAt.getTime()}`;
  await app.jobs
    .send('saved-search-match', { propertyId }, { key })
    .catch((error) => app.log.error({ err: error, key }, 'saved-search match not queued'));
}
