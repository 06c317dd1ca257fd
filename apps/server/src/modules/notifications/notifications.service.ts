import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '@keyhaven/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client.js';
import { notificationSettings, notifications, users } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import type { CalendarAttachment } from '../mail/mail.service.js';

/** Something that happened which some people are told about, in the app and maybe by e-mail. */
export interface NotificationEvent {
  kind: NotificationKind;
  /** Names the event once, whoever reports it and however often: `offer_accepted:<offerId>`. */
  key: string;
  recipients: string[];
  title: string;
  body: string;
  /** Where in the app it is about: a path such as `/dashboard/requests`. */
  link: string;
  /** Whether the kind's e-mail goes to recipients whose settings allow it (default true). */
  email?: boolean;
  /** An invitation the e-mail carries (a tour's REQUEST or CANCEL). */
  calendar?: CalendarAttachment;
  /**
   * The e-mail's idempotency key in place of `key`, for events that share one e-mail: events
   * with the same `mailKey` (a list's notes in one hour, a saved home's changes in one day) send
   * each recipient one e-mail, the first's; each is still its own notification in the app.
   */
  mailKey?: string;
}

/** One e-mail a delivered event asks for. */
export interface NotificationMail {
  userId: string;
  to: string;
  name: string;
}

const unreadOf = (userId: string) =>
  and(eq(notifications.userId, userId), isNull(notifications.readAt));

/**
 * Stores an event's notification once for each recipient who still has an account (a deleted
 * account has nobody to tell). Run again, it adds nothing. Answers who got a new notification,
 * and who should get its e-mail: every recipient holding it (new or from an earlier run that
 * stopped before its e-mails were queued) whose settings allow that kind by e-mail. Accounts
 * marked as fraud still see in the app what happened to them, but are sent no e-mail.
 */
export async function deliverNotification(db: Database, event: NotificationEvent) {
  const recipients = [...new Set(event.recipients)];
  if (recipients.length === 0) return { added: [] as string[], mail: [] as NotificationMail[] };
  const added = await queryRows<{ userId: string }>(
    db,
    sql`insert into ${notifications} (user_id, kind, event_key, title, body, link)
      select ${users.id}, ${event.kind}::notification_kind, ${event.key}, ${event.title},
        ${event.body}, ${event.link}
      from ${users} where ${inArray(users.id, recipients)}
      on conflict (user_id, event_key) do nothing
      returning user_id as "userId"`,
  );
  if (event.email === false) return { added: added.map((row) => row.userId), mail: [] };
  const mail = await db
    .select({ userId: users.id, to: users.email, name: users.name })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      and(
        eq(notifications.eventKey, event.key),
        inArray(notifications.userId, recipients),
        sql`${users.role} <> 'fraud'`,
        sql`not (${event.kind}::notification_kind = any(coalesce(${notificationSettings.emailOff}, '{}')))`,
      ),
    );
  return { added: added.map((row) => row.userId), mail };
}

export async function unreadCount(db: Database, userId: string) {
  const [row] = await db.select({ value: count() }).from(notifications).where(unreadOf(userId));
  return row?.value ?? 0;
}

/** A person's notifications, newest first, with how many there are and how many are unread. */
export async function notificationsPage(db: Database, userId: string, page: number, limit: number) {
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(notifications).where(eq(notifications.userId, userId)),
    unreadCount(db, userId),
  ]);
  return {
    items: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
    unread,
  };
}

/** Marks one of the caller's notifications read; anyone else's is not found. */
export async function markRead(db: Database, userId: string, id: string) {
  const [found] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!found) throw notFound('Notification not found');
}

export async function markAllRead(db: Database, userId: string) {
  await db.update(notifications).set({ readAt: new Date() }).where(unreadOf(userId));
}

export async function settingsOf(db: Executor, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const off = new Set(row?.emailOff ?? []);
  return {
    email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as Record<
      NotificationKind,
      boolean
    >,
    searchAlerts: row?.searchAlerts ?? 'instant',
  };
}

/** Changes only what the request names; kinds it does not mention keep their setting. */
export async function updateSettings(
  db: Database,
  userId: string,
  change: {
    email?: Partial<Record<NotificationKind, boolean>>;
    searchAlerts?: NotificationSettings['searchAlerts'];
  },
) {
  return db.transaction(async (tx) => {
    await tx.insert(notificationSettings).values({ userId }).onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .for('update');
    const off = new Set(current?.emailOff ?? []);
    for (const [kind, on] of Object.entries(change.email ?? {}) as [NotificationKind, boolean][]) {
      if (on) off.delete(kind);
      else off.add(kind);
    }
    await tx
      .update(notificationSettings)
      .set({
        emailOff: NOTIFICATION_KINDS.filter((kind) => off.has(kind)),
        ...(change.searchAlerts ? { searchAlerts: change.searchAlerts } : {}),
      })
      .where(eq(notificationSettings.userId, userId));
    return settingsOf(tx, userId);
  });
}
