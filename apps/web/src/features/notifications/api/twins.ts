import type {
  ZFailedJobsPage as FailedJobsPageSchema,
  Notification,
  NotificationSettings,
  NotificationsPage,
} from '@keyhaven/shared';
import { ALERT_FREQUENCIES, NOTIFICATION_KINDS } from '@keyhaven/shared/constants';
import * as v from 'valibot';
import type { z } from 'zod';
import type { ContractTwin } from '@/lib/contract-twins';

/*
 * valibot twins of the notification answers in @keyhaven/shared (see lib/contract-twins.ts): the
 * bell is on every page of a signed-in visit, and valibot keeps its download small. Their types
 * turn any drift from the contract, in either direction, into a compile error.
 */

const notificationTwin = v.object({
  _id: v.string(),
  kind: v.picklist(NOTIFICATION_KINDS),
  title: v.string(),
  body: v.string(),
  link: v.string(),
  read: v.boolean(),
  createdAt: v.string(),
});
const ZNotification: ContractTwin<typeof notificationTwin, Notification> = notificationTwin;

const notificationsPageTwin = v.object({
  items: v.array(ZNotification),
  total: v.number(),
  unread: v.number(),
});
export const ZNotificationsPage: ContractTwin<typeof notificationsPageTwin, NotificationsPage> =
  notificationsPageTwin;

/** Every kind, each with its own yes or no: the server answers the whole map. */
const emailByKindTwin = v.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, v.boolean()])) as {
    [Kind in (typeof NOTIFICATION_KINDS)[number]]: v.BooleanSchema<undefined>;
  },
);
const settingsTwin = v.object({
  email: emailByKindTwin,
  searchAlerts: v.picklist(ALERT_FREQUENCIES),
});
export const ZNotificationSettings: ContractTwin<typeof settingsTwin, NotificationSettings> =
  settingsTwin;

const failedJobsPageTwin = v.object({
  items: v.array(
    v.object({
      _id: v.string(),
      queue: v.string(),
      key: v.nullable(v.string()),
      error: v.string(),
      attempts: v.number(),
      failedAt: v.string(),
    }),
  ),
  total: v.number(),
});
export const ZFailedJobsPage: ContractTwin<
  typeof failedJobsPageTwin,
  z.infer<typeof FailedJobsPageSchema>
> = failedJobsPageTwin;

export type { Notification, NotificationSettings };
export type FailedJob = z.infer<typeof FailedJobsPageSchema>['items'][number];
