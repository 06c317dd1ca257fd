import type { FastifyInstance } from 'fastify';
import {
  sharedHomeNotes,
  sharedWishlistInvitations,
  sharedWishlistMembers,
  sharedWishlists,
  wishlistItems,
} from '../../../src/db/schema.js';
import { tokenDigest } from '../../../src/modules/shopping-together/invitations.js';
import type { TestAccount } from '../../helpers/accounts.js';

/**
 * Shopping together in the matrix's world: `spare` (not an actor) started a shared wishlist and
 * the user joined it by an accepted invitation; the fraud account is on it too (it no longer
 * counts). The invitations' tokens are known: one waiting for the other user's address, one
 * withdrawn from it, one sent to the user that expired. Nobody else is on it: the other user, the
 * agents and admins are strangers (a former member keeps nothing on a list, so it is one too).
 */
export interface SharedWishlistWorld {
  tokens: Record<'pending' | 'accepted' | 'revoked' | 'expired', string>;
  pendingInvitationId: string;
  starterMemberId: string;
  userMemberId: string;
  /** The user's shared note, and the starter's, on the open listing (which the user saved). */
  userNoteId: string;
  starterNoteId: string;
  /** The starter's private note's words. */
  privateNote: string;
}

const DAY = 86_400_000;

export async function sharedWishlistOf(
  app: FastifyInstance,
  people: Record<'user' | 'otherUser' | 'spare' | 'fraud', TestAccount>,
  listings: { openListing: string; reservedListing: string },
): Promise<SharedWishlistWorld> {
  const { user, otherUser, spare, fraud } = people;
  const now = Date.now();
  const [list] = await app.db.insert(sharedWishlists).values({}).returning();
  const listId = list?.id as string;
  const members = await app.db
    .insert(sharedWishlistMembers)
    .values([
      { listId, userId: spare.id, joinedAt: new Date(now - 3 * DAY) },
      { listId, userId: user.id, joinedAt: new Date(now - 2 * DAY) },
      { listId, userId: fraud.id, joinedAt: new Date(now - DAY) },
    ])
    .returning();
  const tokens = {
    pending: 'matrix-pending-invitation-token-000000000',
    accepted: 'matrix-accepted-invitation-token-00000000',
    revoked: 'matrix-revoked-invitation-token-000000000',
    expired: 'matrix-expired-invitation-token-000000000',
  };
  const invitation = (
    token: string,
    email: string,
    status: 'pending' | 'accepted' | 'revoked',
    expiresIn = 5 * DAY,
  ) => ({
    listId,
    invitedBy: spare.id,
    email: email.toLowerCase(),
    tokenHash: tokenDigest(token),
    status,
    expiresAt: new Date(now + expiresIn),
  });
  const invitations = await app.db
    .insert(sharedWishlistInvitations)
    .values([
      invitation(tokens.pending, otherUser.email, 'pending'),
      invitation(tokens.accepted, user.email, 'accepted'),
      invitation(tokens.revoked, otherUser.email, 'revoked'),
      invitation(tokens.expired, user.email, 'pending', -DAY),
    ])
    .returning();
  await app.db
    .insert(wishlistItems)
    .values({ userId: spare.id, propertyId: listings.reservedListing });
  const privateNote = 'Only the starter may ever read this note';
  const note = (authorId: string, body: string, visibility: 'private' | 'shared') => ({
    listId,
    propertyId: listings.openListing,
    authorId,
    body,
    visibility,
  });
  const notes = await app.db
    .insert(sharedHomeNotes)
    .values([
      note(user.id, 'The user thinks the garden is lovely', 'shared'),
      note(spare.id, 'The starter likes the kitchen', 'shared'),
      note(spare.id, privateNote, 'private'),
    ])
    .returning();
  const idOf = <T extends { id: string }>(rows: T[], test: (row: T) => boolean) =>
    rows.find(test)?.id as string;
  return {
    tokens,
    pendingInvitationId: idOf(
      invitations,
      (row) => row.status === 'pending' && row.expiresAt.getTime() > now,
    ),
    starterMemberId: idOf(members, (row) => row.userId === spare.id),
    userMemberId: idOf(members, (row) => row.userId === user.id),
    userNoteId: idOf(notes, (row) => row.authorId === user.id),
    starterNoteId: idOf(notes, (row) => row.authorId === spare.id && row.visibility === 'shared'),
    privateNote,
  };
}
