import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_PARAM,
  SHOPPING_TOGETHER_MESSAGES as M,
  SHOPPING_TOGETHER_LIMITS,
  SHOPPING_TOGETHER_PAGE,
} from '@keyhaven/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import {
  sharedWishlistInvitations,
  sharedWishlistMembers,
  sharedWishlists,
  users,
} from '../../db/schema.js';
import { conflict, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import type { SessionUser } from '../auth/session-user.js';
import { endList, lockList, type Member, membershipOf, membersOf } from './shared-list-members.js';

/*
 * Invitations by e-mail. The answer to an invitation is the same whether the address has an
 * account or not; the link's token is made by the job that mails it and kept only as its digest,
 * so it is never stored, logged or queued. Its link works once, for a week, for the account whose
 * confirmed address it was sent to.
 */

export const INVITATION_MAIL_QUEUE = 'shared-wishlist-invitation';

const DAY = 86_400_000;
export const tokenDigest = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/** Holds the caller's account row: their own changes of lists go one by one. */
async function lockPerson(tx: Executor, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Invitations still waiting (not expired) on a list. */
async function waitingCount(tx: Executor, listId: string, now: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sharedWishlistInvitations)
    .where(
      and(
        eq(sharedWishlistInvitations.listId, listId),
        eq(sharedWishlistInvitations.status, 'pending'),
        gt(sharedWishlistInvitations.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The caller invites an address to their shared wishlist, starting one if they have none. Only
 * its starter invites; inviting an address again replaces its waiting invitation. Answers the
 * invitation's id, its mail queued on the same transaction.
 */
export function invite(app: FastifyInstance, caller: SessionUser, email: string) {
  if (email === caller.email.toLowerCase()) throw invalidField('email', M.inviteSelf);
  return app.db.transaction((tx) => inviteIn(app, tx, caller, email, new Date()));
}

async function inviteIn(
  app: FastifyInstance,
  tx: Executor,
  caller: SessionUser,
  email: string,
  now: Date,
) {
  await lockPerson(tx, caller.id);
  let membership = await membershipOf(tx, caller.id);
  if (!membership) {
    const [list] = await tx
      .insert(sharedWishlists)
      .values({})
      .returning({ id: sharedWishlists.id });
    const listId = list?.id as string;
    const [joined] = await tx
      .insert(sharedWishlistMembers)
      .values({ listId, userId: caller.id, joinedAt: now })
      .returning({ id: sharedWishlistMembers.id });
    membership = { id: joined?.id as string, listId };
  }
  const { listId } = membership;
  await lockList(tx, listId);
  const members = await membersOf(tx, listId);
  const starter = members[0];
  if (!starter) throw notFound(M.notInList);
  if (starter.userId !== caller.id) throw conflict(M.onlyStarterInvites(starter.name));
  if (members.some((member) => member.email.toLowerCase() === email)) {
    throw conflict(M.alreadyMember);
  }
  await tx
    .update(sharedWishlistInvitations)
    .set({ status: 'revoked', answeredAt: now })
    .where(
      and(
        eq(sharedWishlistInvitations.listId, listId),
        eq(sharedWishlistInvitations.email, email),
        eq(sharedWishlistInvitations.status, 'pending'),
      ),
    );
  if (
    members.length + (await waitingCount(tx, listId, now)) >=
    SHOPPING_TOGETHER_LIMITS.maxPeople
  ) {
    throw conflict(M.listFull);
  }
  const [created] = await tx
    .insert(sharedWishlistInvitations)
    .values({
      listId,
      invitedBy: caller.id,
      email,
      expiresAt: new Date(now.getTime() + SHOPPING_TOGETHER_LIMITS.invitationDays * DAY),
    })
    .returning({ id: sharedWishlistInvitations.id });
  const invitationId = created?.id as string;
  await app.jobs.send(
    INVITATION_MAIL_QUEUE,
    { invitationId },
    { key: `shared-invitation:${invitationId}`, tx },
  );
  return invitationId;
}

/** Mails an invitation still waiting, with a link made now (a retry makes a new one). */
export function handleInvitationMails(app: FastifyInstance) {
  app.jobs.handle<{ invitationId: string }>(INVITATION_MAIL_QUEUE, async ({ invitationId }) => {
    const token = randomBytes(32).toString('base64url');
    const [row] = await app.db
      .update(sharedWishlistInvitations)
      .set({ tokenHash: tokenDigest(token) })
      .from(users)
      .where(
        and(
          eq(sharedWishlistInvitations.id, invitationId),
          eq(sharedWishlistInvitations.status, 'pending'),
          gt(sharedWishlistInvitations.expiresAt, new Date()),
          eq(users.id, sharedWishlistInvitations.invitedBy),
        ),
      )
      .returning({ email: sharedWishlistInvitations.email, name: users.name, from: users.email });
    if (!row) return;
    const page = `${app.config.publicUrl.replace(/\/$/, '')}${SHOPPING_TOGETHER_PAGE}`;
    await app.mail.sendNow({
      // A token stands in a key only as its digest; a retry's new link is a mail of its own.
      key: `shared-invitation:${invitationId}:${tokenDigest(token)}`,
      to: row.email,
      userId: null,
      template: 'shared-wishlist-invitation',
      props: {
        inviterName: row.name,
        inviterEmail: row.from,
        acceptUrl: `${page}?${new URLSearchParams({ [INVITATION_PARAM]: token })}`,
      },
    });
  });
}

/**
 * The invitation a link names, for the account it was sent to: not found for a token nobody
 * holds, refused for another account (whatever state it is in), and its state said when it can
 * no longer be answered.
 */
async function openInvitation(tx: Executor, caller: SessionUser, token: string, now: Date) {
  const [invitation] = await tx
    .select()
    .from(sharedWishlistInvitations)
    .where(eq(sharedWishlistInvitations.tokenHash, tokenDigest(token)))
    .for('update');
  if (!invitation) throw notFound(M.invitationNotFound);
  if (invitation.email !== caller.email.toLowerCase()) throw forbidden(M.wrongAccount);
  if (invitation.status === 'accepted') throw conflict(M.invitationUsed);
  if (invitation.status !== 'pending') throw conflict(M.invitationWithdrawn);
  if (invitation.expiresAt <= now) throw conflict(M.invitationExpired);
  return invitation;
}

/** Who invited the caller, before they answer. */
export function previewInvitation(db: Database, caller: SessionUser, token: string) {
  return db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, caller, token, new Date());
    const members = await membersOf(tx, invitation.listId);
    const inviter = members.find((member) => member.userId === invitation.invitedBy);
    if (!inviter) throw conflict(M.invitationWithdrawn);
    return {
      invitedBy: inviter.name,
      expiresAt: invitation.expiresAt.toISOString(),
      people: members.length,
    };
  });
}

/**
 * The caller joins the list. Someone alone on a list of their own (their invitations not
 * answered yet) leaves it, which ends it; someone sharing a list with others must leave it first.
 */
export async function acceptInvitation(
  tx: Executor,
  caller: SessionUser,
  token: string,
  now = new Date(),
) {
  const invitation = await openInvitation(tx, caller, token, now);
  await lockPerson(tx, caller.id);
  const current = await membershipOf(tx, caller.id);
  if (current?.listId === invitation.listId) throw conflict(M.alreadyOnThisList);
  if (current) {
    await lockList(tx, current.listId);
    if ((await membersOf(tx, current.listId)).length > 1) throw conflict(M.alreadyInAnotherList);
    await endList(tx, current.listId, now);
  }
  await lockList(tx, invitation.listId);
  const members = await membersOf(tx, invitation.listId);
  if (!members.some((member) => member.userId === invitation.invitedBy)) {
    throw conflict(M.invitationWithdrawn);
  }
  if (members.length >= SHOPPING_TOGETHER_LIMITS.maxPeople) throw conflict(M.listFull);
  const [membership] = await tx
    .insert(sharedWishlistMembers)
    .values({ listId: invitation.listId, userId: caller.id, joinedAt: now })
    .returning({ id: sharedWishlistMembers.id });
  await tx
    .update(sharedWishlistInvitations)
    .set({ status: 'accepted', answeredAt: now })
    .where(eq(sharedWishlistInvitations.id, invitation.id));
  const joined: Member = {
    id: membership?.id as string,
    userId: caller.id,
    name: caller.name,
    email: caller.email,
    joinedAt: now,
  };
  return { members: [...members, joined], joined };
}

export function declineInvitation(db: Database, caller: SessionUser, token: string) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const invitation = await openInvitation(tx, caller, token, now);
    await tx
      .update(sharedWishlistInvitations)
      .set({ status: 'declined', answeredAt: now })
      .where(eq(sharedWishlistInvitations.id, invitation.id));
  });
}

/** The starter withdraws a waiting invitation of their list; anyone else's is not found. */
export async function revokeInvitation(tx: Database, caller: SessionUser, invitationId: string) {
  const membership = await membershipOf(tx, caller.id);
  const members = membership ? await membersOf(tx, membership.listId) : [];
  const revoked =
    membership && members[0]?.userId === caller.id
      ? await tx
          .update(sharedWishlistInvitations)
          .set({ status: 'revoked', answeredAt: new Date() })
          .where(
            and(
              eq(sharedWishlistInvitations.id, invitationId),
              eq(sharedWishlistInvitations.listId, membership.listId),
              eq(sharedWishlistInvitations.status, 'pending'),
            ),
          )
          .returning({ id: sharedWishlistInvitations.id })
      : [];
  if (revoked.length === 0) throw notFound(M.invitationToRevokeNotFound);
}
