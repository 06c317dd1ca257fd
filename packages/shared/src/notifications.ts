import { z } from 'zod';
import { ALERT_FREQUENCIES, ENGAGEMENT_LIMITS, NOTIFICATION_KINDS } from './notification-kinds.js';
import { queryInteger } from './numbers.js';

export const ZNotification = z
  .object({
    _id: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    /** A path inside the app, where the notification is about. */
    link: z.string(),
    read: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationsQuery = z.object({
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, 50, ENGAGEMENT_LIMITS.notificationsPageSize),
});

export const ZNotificationsPage = z
  .object({
    items: z.array(ZNotification),
    total: z.number().int(),
    unread: z.number().int(),
  })
  .meta({ id: 'NotificationsPage' });
export type NotificationsPage = z.infer<typeof ZNotificationsPage>;

export const ZUnreadCount = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });

export const ZNotificationSettings = z
  .object({
    /** Per kind: whether it also comes by e-mail (in the app it always shows). */
    email: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
    searchAlerts: z.enum(ALERT_FREQUENCIES),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;

export const ZNotificationSettingsRequest = z
  .object({
    email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).optional(),
    searchAlerts: z.enum(ALERT_FREQUENCIES).optional(),
  })
  .meta({ id: 'NotificationSettingsRequest' });

/** One-click unsubscribe (RFC 8058) and the page the e-mail's link opens. */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(512) });
/**
 * What an unsubscribe POST carries: a mail program's one-click form (`List-Unsubscribe=One-Click`,
 * the token in the address) or the web page's JSON `{ token }`.
 */
export const ZUnsubscribeRequest = z
  .object({
    token: ZUnsubscribeQuery.shape.token.optional(),
    'List-Unsubscribe': z.literal('One-Click').optional(),
  })
  .meta({ id: 'UnsubscribeRequest' });

/** An admin's view of a job that failed for good (a dead letter). */
export const ZFailedJob = z
  .object({
    _id: z.uuid(),
    queue: z.string(),
    key: z.string().nullable(),
    error: z.string(),
    attempts: z.number().int(),
    failedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'FailedJob' });
export const ZFailedJobsPage = z
  .object({ items: z.array(ZFailedJob), total: z.number().int() })
  .meta({ id: 'FailedJobsPage' });
