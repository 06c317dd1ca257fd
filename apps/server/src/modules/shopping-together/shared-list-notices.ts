import {
  type HomeReaction,
  SHOPPING_TOGETHER_MESSAGES as M,
  SHOPPING_TOGETHER_LIMITS,
  SHOPPING_TOGETHER_PAGE,
} from '@keyhaven/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { properties } from '../../db/schema.js';
import type { NotificationEvent } from '../notifications/notifications.service.js';
import type { Member } from './shared-list-members.js';

/*
 * What a change on a shared wishlist tells the other people on it, in the app and by e-mail (per
 * their settings). Each event is keyed by what it is about, so reporting one twice tells nobody
 * twice. Saves, removals, notes and reactions can come in bursts: each is a notice in the app,
 * but a person gets at most one e-mail of each kind per list in an hour (the first's), their
 * `mailKey` naming the hour.
 */

type Kind = NotificationEvent['kind'];

/** The hour a burst of changes shares one e-mail in. */
const quietHour = (now: Date) =>
  Math.floor(now.getTime() / (SHOPPING_TOGETHER_LIMITS.emailQuietMinutes * 60_000));

/** The title buyers see: the one last approved. */
async function titleOf(db: Executor, propertyId: string) {
  const [row] = await db
    .select({
      title: sql<string>`coalesce(${properties.published}->>'title', ${properties.title})`,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row?.title ?? '';
}

const others = (members: Member[], userId: string) =>
  members.filter((member) => member.userId !== userId).map((member) => member.userId);

function activity(
  kind: Kind,
  key: string,
  listId: string,
  recipients: string[],
  words: { title: string; body: string },
  now: Date,
): NotificationEvent[] {
  if (recipients.length === 0) return [];
  return [
    {
      kind,
      key,
      mailKey: `${kind}:${listId}:${quietHour(now)}`,
      recipients,
      ...words,
      link: SHOPPING_TOGETHER_PAGE,
    },
  ];
}

/** Someone joined: everyone already on the list hears it. */
export function joinedNotice(members: Member[], joined: Member): NotificationEvent[] {
  const recipients = others(members, joined.userId);
  if (recipients.length === 0) return [];
  return [
    {
      kind: 'shared_list_joined',
      key: `shared_list_joined:${joined.id}`,
      recipients,
      title: M.noticeJoined(joined.name),
      body: M.noticeJoinedBody,
      link: SHOPPING_TOGETHER_PAGE,
    },
  ];
}

/**
 * Someone left or was removed (`by`: the starter who removed them). `remaining`: who is still on
 * it; a list left with one person has ended, and that person hears so.
 */
export function leftNotices(
  left: Member,
  remaining: Member[],
  by: Member | null,
  now: Date,
): NotificationEvent[] {
  const key = `shared_list_left:${left.id}:${now.getTime()}`;
  const events: NotificationEvent[] = [];
  const stay = remaining.map((member) => member.userId);
  if (stay.length === 1) {
    events.push({
      kind: 'shared_list_left',
      key: `${key}:ended`,
      recipients: stay,
      title: M.noticeEnded,
      body: M.noticeEndedBody(left.name),
      link: SHOPPING_TOGETHER_PAGE,
    });
  } else if (stay.length > 1) {
    const told = by ? stay.filter((id) => id !== by.userId) : stay;
    if (told.length > 0) {
      events.push({
        kind: 'shared_list_left',
        key,
        recipients: told,
        title: by ? M.noticeRemovedOther(left.name) : M.noticeLeft(left.name),
        body: M.noticeLeftBody,
        link: SHOPPING_TOGETHER_PAGE,
      });
    }
  }
  if (by) {
    events.push({
      kind: 'shared_list_left',
      key: `${key}:removed`,
      recipients: [left.userId],
      title: M.noticeRemovedYou,
      body: M.noticeRemovedYouBody(by.name),
      link: SHOPPING_TOGETHER_PAGE,
    });
  }
  return events;
}

/** A member saved a home none of the others had: `saveId` is their wishlist item. */
export async function homeAddedNotice(
  db: Executor,
  change: { listId: string; members: Member[]; by: Member; propertyId: string; saveId: string },
  now = new Date(),
) {
  const title = await titleOf(db, change.propertyId);
  return activity(
    'shared_home_added',
    `shared_home_added:${change.listId}:${change.saveId}`,
    change.listId,
    others(change.members, change.by.userId),
    { title: M.noticeHomeAdded(change.by.name, title), body: M.noticeHomeAddedBody },
    now,
  );
}

/** A home left the shared list. */
export async function homeRemovedNotice(
  db: Executor,
  change: { listId: string; members: Member[]; by: Member; propertyId: string },
  now = new Date(),
) {
  const title = await titleOf(db, change.propertyId);
  return activity(
    'shared_home_removed',
    `shared_home_removed:${change.listId}:${change.propertyId}:${now.getTime()}`,
    change.listId,
    others(change.members, change.by.userId),
    { title: M.noticeHomeRemoved(change.by.name, title), body: M.noticeHomeRemovedBody },
    now,
  );
}

/** A shared note: its words go in the notice (private notes are never told). */
export async function noteNotice(
  db: Executor,
  change: { listId: string; members: Member[]; by: Member; propertyId: string },
  note: { id: string; body: string },
  now = new Date(),
) {
  const title = await titleOf(db, change.propertyId);
  return activity(
    'shared_note_added',
    `shared_note_added:${note.id}`,
    change.listId,
    others(change.members, change.by.userId),
    { title: M.noticeNote(change.by.name, title), body: note.body },
    now,
  );
}

/** A thumbs up or down given (or changed). */
export async function reactionNotice(
  db: Executor,
  change: { listId: string; members: Member[]; by: Member; propertyId: string },
  reaction: HomeReaction,
  now = new Date(),
) {
  const title = await titleOf(db, change.propertyId);
  return activity(
    'shared_home_reaction',
    `shared_home_reaction:${change.listId}:${change.propertyId}:${change.by.id}:${now.getTime()}`,
    change.listId,
    others(change.members, change.by.userId),
    { title: M.noticeReaction(change.by.name, reaction, title), body: M.noticeReactionBody },
    now,
  );
}
