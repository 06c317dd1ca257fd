import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  sharedHomeNotes,
  sharedHomeReactions,
  sharedWishlistInvitations,
  sharedWishlistMembers,
  sharedWishlists,
  users,
} from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';

/*
 * Who is on a shared wishlist. Only buyers in good standing count: a member whose account became
 * an agent's, an admin's or was marked as fraud is left out of every answer and every notice (and
 * their saves, notes and reactions with them) until they leave; a deleted account leaves with
 * everything it wrote. Whoever joined first (of those who count) started the list.
 */

export interface Member {
  /** The membership's id: what answers call a person by, never their account's id. */
  id: string;
  userId: string;
  name: string;
  email: string;
  joinedAt: Date;
}

/** The caller's membership, if they are on a list. */
export async function membershipOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: sharedWishlistMembers.id, listId: sharedWishlistMembers.listId })
    .from(sharedWishlistMembers)
    .where(eq(sharedWishlistMembers.userId, userId));
  return row;
}

/** The people who count on a list, the starter first. */
export function membersOf(db: Executor, listId: string): Promise<Member[]> {
  return db
    .select({
      id: sharedWishlistMembers.id,
      userId: sharedWishlistMembers.userId,
      name: users.name,
      email: users.email,
      joinedAt: sharedWishlistMembers.joinedAt,
    })
    .from(sharedWishlistMembers)
    .innerJoin(users, eq(users.id, sharedWishlistMembers.userId))
    .where(and(eq(sharedWishlistMembers.listId, listId), eq(users.role, 'user')))
    .orderBy(asc(sharedWishlistMembers.joinedAt), asc(sharedWishlistMembers.id));
}

/** Holds the list while its people or invitations change: changes to one list go one by one. */
export async function lockList(tx: Executor, listId: string) {
  await tx
    .select({ id: sharedWishlists.id })
    .from(sharedWishlists)
    .where(eq(sharedWishlists.id, listId))
    .for('update');
}

export interface CallerOnList {
  listId: string;
  me: Member;
  members: Member[];
}

/** The person's list with its people, locked when `lock`; null when they are on none (or no longer count). */
export async function listOfMember(
  tx: Executor,
  userId: string,
  lock = false,
): Promise<CallerOnList | null> {
  const membership = await membershipOf(tx, userId);
  if (!membership) return null;
  if (lock) await lockList(tx, membership.listId);
  const members = await membersOf(tx, membership.listId);
  const me = members.find((member) => member.userId === userId);
  return me ? { listId: membership.listId, me, members } : null;
}

/** The caller's list with its people, locked when `lock`; 404 when they are on none. */
export async function callerList(tx: Executor, userId: string, lock = false) {
  const list = await listOfMember(tx, userId, lock);
  if (!list) throw notFound(M.notInList);
  return list;
}

/**
 * A list the caller shares with someone, for its homes, notes and reactions: one person alone
 * shares nothing yet, so its homes are not found.
 */
export async function sharedListOf(tx: Executor, userId: string, lock = false) {
  const list = await callerList(tx, userId, lock);
  if (list.members.length < 2) throw notFound(M.homeNotFound);
  return list;
}

/** Withdraws a list's waiting invitations (the list ended, or its starter left it). */
async function revokeWaiting(tx: Executor, listId: string, now: Date) {
  await tx
    .update(sharedWishlistInvitations)
    .set({ status: 'revoked', answeredAt: now })
    .where(
      and(
        eq(sharedWishlistInvitations.listId, listId),
        eq(sharedWishlistInvitations.status, 'pending'),
      ),
    );
}

/**
 * Takes a person off a list with what they wrote on it: their notes (private and shared) and
 * reactions are deleted, so nothing of theirs stays with people they left; their saved homes
 * are their own and stay. A list left with one person has ended: it is deleted with its notes
 * and reactions, its waiting invitations withdrawn. Answers who is still on it.
 */
export async function takeOff(
  tx: Executor,
  list: { listId: string; members: Member[] },
  leaving: Member,
  now: Date,
): Promise<Member[]> {
  await tx.delete(sharedWishlistMembers).where(eq(sharedWishlistMembers.id, leaving.id));
  await tx
    .delete(sharedHomeNotes)
    .where(
      and(eq(sharedHomeNotes.listId, list.listId), eq(sharedHomeNotes.authorId, leaving.userId)),
    );
  await tx
    .delete(sharedHomeReactions)
    .where(
      and(
        eq(sharedHomeReactions.listId, list.listId),
        eq(sharedHomeReactions.userId, leaving.userId),
      ),
    );
  // Invitations the leaver sent stop working: whoever accepted one would join people who never chose them.
  await tx
    .update(sharedWishlistInvitations)
    .set({ status: 'revoked', answeredAt: now })
    .where(
      and(
        eq(sharedWishlistInvitations.listId, list.listId),
        eq(sharedWishlistInvitations.invitedBy, leaving.userId),
        eq(sharedWishlistInvitations.status, 'pending'),
      ),
    );
  const remaining = list.members.filter((member) => member.id !== leaving.id);
  if (remaining.length <= 1) await endList(tx, list.listId, now);
  return remaining;
}

/** Ends a list: its waiting invitations are withdrawn, it is deleted with everything on it. */
export async function endList(tx: Executor, listId: string, now: Date) {
  await revokeWaiting(tx, listId, now);
  // The invitations are kept (withdrawn) for the answer to their link; the list goes.
  await tx.delete(sharedWishlistMembers).where(eq(sharedWishlistMembers.listId, listId));
  await tx.delete(sharedHomeNotes).where(eq(sharedHomeNotes.listId, listId));
  await tx.delete(sharedHomeReactions).where(eq(sharedHomeReactions.listId, listId));
  const [waiting] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sharedWishlistInvitations)
    .where(eq(sharedWishlistInvitations.listId, listId));
  if ((waiting?.n ?? 0) === 0)
    await tx.delete(sharedWishlists).where(eq(sharedWishlists.id, listId));
}
