import { z } from 'zod';
import { AUTH_MESSAGES } from './account-messages.js';
import { LIMITS } from './constants.js';
import { ZProperty } from './properties.js';
import { SHOPPING_TOGETHER_MESSAGES as M } from './shopping-together-messages.js';
import {
  HOME_REACTIONS,
  INVITATION_STATUSES,
  NOTE_VISIBILITIES,
  SHOPPING_TOGETHER_LIMITS,
} from './shopping-together-rules.js';

/*
 * Shopping together: a buyer's wishlist shared with up to three more buyers, their notes and
 * reactions per home. Routes (module `apps/server/src/modules/shopping-together`), buyers only:
 *
 *   GET    /api/shared-wishlist                           the caller's shared wishlist, or `list: null`
 *   POST   /api/shared-wishlist/invitations               ZInvitationRequest → 202 (the same answer for any address)
 *   DELETE /api/shared-wishlist/invitations/:invitationId the list's starter withdraws a waiting invitation
 *   POST   /api/shared-wishlist/invitations/preview       ZInvitationTokenRequest → ZInvitationPreview
 *   POST   /api/shared-wishlist/invitations/accept        ZInvitationTokenRequest → ZSharedWishlist
 *   POST   /api/shared-wishlist/invitations/decline       ZInvitationTokenRequest → message
 *   POST   /api/shared-wishlist/leave                     the caller leaves
 *   DELETE /api/shared-wishlist/members/:memberId         the starter removes someone
 *   DELETE /api/shared-wishlist/homes/:id                 a member removes a home for everyone
 *   PUT    /api/shared-wishlist/homes/:id/reaction        ZReactionRequest: thumbs up or down
 *   DELETE /api/shared-wishlist/homes/:id/reaction        takes the caller's reaction back
 *   POST   /api/shared-wishlist/homes/:id/notes           ZNoteRequest → 201 ZSharedNote
 *   DELETE /api/shared-wishlist/notes/:noteId             its author deletes a note
 *
 * Anything of a list the caller is not on is 404; a private note is only ever in its author's
 * answers. People are named, never identified: members carry their membership's id.
 */

const instant = z.iso.datetime({ offset: true });

export const ZInvitationRequest = z
  .object({
    email: z
      .string({ error: AUTH_MESSAGES.invalidEmail })
      .trim()
      .min(1, AUTH_MESSAGES.invalidEmail)
      .max(LIMITS.emailMaxLength, AUTH_MESSAGES.invalidEmail)
      .toLowerCase()
      .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail })),
  })
  .meta({ id: 'InvitationRequest' });
export type InvitationRequest = z.input<typeof ZInvitationRequest>;

export const ZInvitationTokenRequest = z
  .object({
    token: z
      .string({ error: M.invitationNotFound })
      .min(20, M.invitationNotFound)
      .max(200, M.invitationNotFound),
  })
  .meta({ id: 'InvitationTokenRequest' });

export const ZInvitationPreview = z
  .object({ invitedBy: z.string(), expiresAt: instant, people: z.number().int() })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZNoteRequest = z
  .object({
    body: z
      .string({ error: M.noteRequired })
      .trim()
      .min(1, M.noteRequired)
      .max(SHOPPING_TOGETHER_LIMITS.noteMaxLength, M.noteTooLong),
    visibility: z.enum(NOTE_VISIBILITIES),
  })
  .meta({ id: 'NoteRequest' });
export type NoteRequest = z.input<typeof ZNoteRequest>;

export const ZReactionRequest = z
  .object({ reaction: z.enum(HOME_REACTIONS) })
  .meta({ id: 'ReactionRequest' });

export const ZInvitationIdParams = z.object({
  invitationId: z.uuid({ error: M.invitationToRevokeNotFound }),
});
export const ZMemberIdParams = z.object({ memberId: z.uuid({ error: M.memberNotFound }) });
export const ZNoteIdParams = z.object({ noteId: z.uuid({ error: M.noteNotFound }) });

/** A person on the list, by name; `id` is their membership's, not their account's. */
const ZSharedMember = z
  .object({
    id: z.uuid(),
    name: z.string(),
    you: z.boolean(),
    starter: z.boolean(),
    joinedAt: instant,
  })
  .meta({ id: 'SharedMember' });

/** An invitation waiting (or expired): only the list's starter reads them. */
const ZSharedInvitation = z
  .object({
    id: z.uuid(),
    email: z.string(),
    status: z.enum([...INVITATION_STATUSES, 'expired']),
    expiresAt: instant,
  })
  .meta({ id: 'SharedInvitation' });

export const ZSharedNote = z
  .object({
    id: z.uuid(),
    author: z.string(),
    mine: z.boolean(),
    visibility: z.enum(NOTE_VISIBILITIES),
    body: z.string(),
    createdAt: instant,
  })
  .meta({ id: 'SharedNote' });
export type SharedNote = z.infer<typeof ZSharedNote>;

const ZPersonMark = z.object({ name: z.string(), you: z.boolean() });

export const ZSharedHome = z
  .object({
    property: ZProperty,
    savedBy: z.array(ZPersonMark),
    reactions: z.array(ZPersonMark.extend({ reaction: z.enum(HOME_REACTIONS) })),
    /** Every shared note, and the reader's own private ones; oldest first. */
    notes: z.array(ZSharedNote),
  })
  .meta({ id: 'SharedHome' });
export type SharedHome = z.infer<typeof ZSharedHome>;

export const ZSharedWishlist = z
  .object({
    list: z
      .object({
        id: z.uuid(),
        youStarted: z.boolean(),
        members: z.array(ZSharedMember),
        invitations: z.array(ZSharedInvitation),
        /** The homes any member saved, newest save first; empty until someone joins. */
        homes: z.array(ZSharedHome),
      })
      .nullable(),
  })
  .meta({ id: 'SharedWishlist' });
export type SharedWishlist = z.infer<typeof ZSharedWishlist>;
