import {
  type HomeReaction,
  SHOPPING_TOGETHER_MESSAGES as M,
  type NoteRequest,
  SHOPPING_TOGETHER_LIMITS,
  type SharedHome,
  type SharedWishlist,
} from '@keyhaven/shared';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import {
  properties,
  sharedHomeNotes,
  sharedHomeReactions,
  sharedWishlistInvitations,
  wishlistItems,
} from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { agents, listingColumns, toPropertyViews } from '../listing-views/property-view.js';
import {
  type CallerOnList,
  type Member,
  membershipOf,
  membersOf,
  sharedListOf,
} from './shared-list-members.js';

/*
 * The homes of a shared wishlist: every member's own saves, together, with who saved each, their
 * reactions and notes. A private note is read only by its author: every query of notes that
 * answers someone filters on it. Offers are nobody's business here: a listing reads as it does
 * for the caller alone (a sale's details only for its own buyer).
 */

const mark = (members: Member[], userId: string, callerId: string) => {
  const member = members.find((candidate) => candidate.userId === userId);
  return { name: member?.name ?? '', you: userId === callerId };
};

/** The notes the caller may read: everyone's shared ones, and their own private ones. */
const readableNotes = (listId: string, members: Member[], callerId: string) =>
  and(
    eq(sharedHomeNotes.listId, listId),
    inArray(
      sharedHomeNotes.authorId,
      members.map((member) => member.userId),
    ),
    or(eq(sharedHomeNotes.visibility, 'shared'), eq(sharedHomeNotes.authorId, callerId)),
  );

async function homesOf(db: Database, listId: string, members: Member[], callerId: string) {
  const ids = members.map((member) => member.userId);
  const saves = await db
    .select({ ...listingColumns, savedBy: wishlistItems.userId })
    .from(wishlistItems)
    .innerJoin(properties, eq(properties.id, wishlistItems.propertyId))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(inArray(wishlistItems.userId, ids))
    .orderBy(desc(wishlistItems.createdAt), asc(wishlistItems.id));
  const firstRows = new Map<string, (typeof saves)[number]>();
  for (const row of saves) if (!firstRows.has(row.property.id)) firstRows.set(row.property.id, row);
  const rows = [...firstRows.values()];
  const views = await toPropertyViews(db, rows, { id: callerId, role: 'user' });
  const [reactions, notes] = await Promise.all([
    db
      .select()
      .from(sharedHomeReactions)
      .where(and(eq(sharedHomeReactions.listId, listId), inArray(sharedHomeReactions.userId, ids)))
      .orderBy(asc(sharedHomeReactions.updatedAt)),
    db
      .select()
      .from(sharedHomeNotes)
      .where(readableNotes(listId, members, callerId))
      .orderBy(asc(sharedHomeNotes.createdAt), asc(sharedHomeNotes.id)),
  ]);
  return views.map(
    (property): SharedHome => ({
      property,
      savedBy: saves
        .filter((save) => save.property.id === property._id)
        .map((save) => mark(members, save.savedBy, callerId)),
      reactions: reactions
        .filter((reaction) => reaction.propertyId === property._id)
        .map((reaction) => ({
          ...mark(members, reaction.userId, callerId),
          reaction: reaction.reaction,
        })),
      notes: notes
        .filter((note) => note.propertyId === property._id)
        .map((note) => ({
          id: note.id,
          author: mark(members, note.authorId, callerId).name,
          mine: note.authorId === callerId,
          visibility: note.visibility,
          body: note.body,
          createdAt: note.createdAt.toISOString(),
        })),
    }),
  );
}

/** The caller's shared wishlist as they may read it; `list: null` when they are on none. */
export async function sharedWishlistFor(db: Database, callerId: string): Promise<SharedWishlist> {
  const membership = await membershipOf(db, callerId);
  if (!membership) return { list: null };
  const { listId } = membership;
  const members = await membersOf(db, listId);
  if (!members.some((member) => member.userId === callerId)) return { list: null };
  const youStarted = members[0]?.userId === callerId;
  const now = Date.now();
  const invitations = youStarted
    ? await db
        .select()
        .from(sharedWishlistInvitations)
        .where(
          and(
            eq(sharedWishlistInvitations.listId, listId),
            eq(sharedWishlistInvitations.status, 'pending'),
          ),
        )
        .orderBy(asc(sharedWishlistInvitations.createdAt))
    : [];
  return {
    list: {
      id: listId,
      youStarted,
      members: members.map((member, index) => ({
        id: member.id,
        name: member.name,
        you: member.userId === callerId,
        starter: index === 0,
        joinedAt: member.joinedAt.toISOString(),
      })),
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        status: invitation.expiresAt.getTime() <= now ? 'expired' : invitation.status,
        expiresAt: invitation.expiresAt.toISOString(),
      })),
      homes: members.length > 1 ? await homesOf(db, listId, members, callerId) : [],
    },
  };
}

/** Whether anyone on the list saved the home. */
export async function onList(tx: Executor, members: Member[], propertyId: string) {
  const [saved] = await tx
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(
      and(
        eq(wishlistItems.propertyId, propertyId),
        inArray(
          wishlistItems.userId,
          members.map((member) => member.userId),
        ),
      ),
    )
    .limit(1);
  return saved !== undefined;
}

/** The caller's shared list, holding the home (404 unless a member saved it). */
export async function listWithHome(tx: Executor, callerId: string, propertyId: string) {
  const list = await sharedListOf(tx, callerId, true);
  if (!(await onList(tx, list.members, propertyId))) throw notFound(M.homeNotFound);
  return list;
}

/** Forgets a home's notes and reactions on a list once nobody on it saves the home. */
export async function forgetHomeIfUnsaved(tx: Executor, list: CallerOnList, propertyId: string) {
  if (await onList(tx, list.members, propertyId)) return false;
  for (const table of [sharedHomeNotes, sharedHomeReactions]) {
    await tx
      .delete(table)
      .where(and(eq(table.listId, list.listId), eq(table.propertyId, propertyId)));
  }
  return true;
}

/** A member takes a home off the shared list: every member's save of it goes, for everyone. */
export async function removeSharedHome(tx: Executor, callerId: string, propertyId: string) {
  const list = await listWithHome(tx, callerId, propertyId);
  await tx.delete(wishlistItems).where(
    and(
      eq(wishlistItems.propertyId, propertyId),
      inArray(
        wishlistItems.userId,
        list.members.map((member) => member.userId),
      ),
    ),
  );
  await forgetHomeIfUnsaved(tx, list, propertyId);
  return list;
}

/** Gives (or changes) the caller's reaction; answers the list when it changed. */
export async function react(
  tx: Executor,
  callerId: string,
  propertyId: string,
  reaction: HomeReaction,
) {
  const list = await listWithHome(tx, callerId, propertyId);
  const changed = await tx
    .insert(sharedHomeReactions)
    .values({ listId: list.listId, propertyId, userId: callerId, reaction })
    .onConflictDoUpdate({
      target: [
        sharedHomeReactions.listId,
        sharedHomeReactions.propertyId,
        sharedHomeReactions.userId,
      ],
      set: { reaction, updatedAt: sql`now()` },
      setWhere: sql`${sharedHomeReactions.reaction} <> excluded.reaction`,
    })
    .returning({ reaction: sharedHomeReactions.reaction });
  return { list, changed: changed.length > 0 };
}

export function unreact(db: Database, callerId: string, propertyId: string) {
  return db.transaction(async (tx) => {
    const list = await listWithHome(tx, callerId, propertyId);
    await tx
      .delete(sharedHomeReactions)
      .where(
        and(
          eq(sharedHomeReactions.listId, list.listId),
          eq(sharedHomeReactions.propertyId, propertyId),
          eq(sharedHomeReactions.userId, callerId),
        ),
      );
  });
}

export async function addNote(
  tx: Executor,
  callerId: string,
  propertyId: string,
  input: Required<NoteRequest>,
) {
  const list = await listWithHome(tx, callerId, propertyId);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sharedHomeNotes)
    .where(
      and(
        eq(sharedHomeNotes.listId, list.listId),
        eq(sharedHomeNotes.propertyId, propertyId),
        eq(sharedHomeNotes.authorId, callerId),
      ),
    );
  if ((count?.n ?? 0) >= SHOPPING_TOGETHER_LIMITS.notesPerHome) throw conflict(M.tooManyNotes);
  const [note] = await tx
    .insert(sharedHomeNotes)
    .values({
      listId: list.listId,
      propertyId,
      authorId: callerId,
      visibility: input.visibility,
      body: input.body,
    })
    .returning();
  if (!note) throw notFound(M.homeNotFound);
  return {
    list,
    note: {
      id: note.id,
      author: list.me.name,
      mine: true,
      visibility: note.visibility,
      body: note.body,
      createdAt: note.createdAt.toISOString(),
    },
  };
}

/** Its author deletes a note; anyone else's (or one of another list) is not found. */
export async function deleteNote(tx: Database, callerId: string, noteId: string) {
  const membership = await membershipOf(tx, callerId);
  const deleted = membership
    ? await tx
        .delete(sharedHomeNotes)
        .where(
          and(
            eq(sharedHomeNotes.id, noteId),
            eq(sharedHomeNotes.authorId, callerId),
            eq(sharedHomeNotes.listId, membership.listId),
          ),
        )
        .returning({ id: sharedHomeNotes.id })
    : [];
  if (deleted.length === 0) throw notFound(M.noteNotFound);
}
