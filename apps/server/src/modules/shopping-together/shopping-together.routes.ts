import {
  SHOPPING_TOGETHER_MESSAGES as M,
  SHOPPING_TOGETHER_LIMITS,
  ZInvitationIdParams,
  ZInvitationPreview,
  ZInvitationRequest,
  ZInvitationTokenRequest,
  ZMemberIdParams,
  ZMessageResponse,
  ZNoteIdParams,
  ZNoteRequest,
  ZPropertyIdParams,
  ZReactionRequest,
  ZSharedNote,
  ZSharedWishlist,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../lib/account-rate-limit.js';
import { errorResponses } from '../../lib/error-responses.js';
import { requireVerifiedEmail } from '../auth/verified-email.js';
import {
  acceptInvitation,
  declineInvitation,
  handleInvitationMails,
  invite,
  previewInvitation,
  revokeInvitation,
} from './invitations.js';
import {
  addNote,
  deleteNote,
  react,
  removeSharedHome,
  sharedWishlistFor,
  unreact,
} from './shared-homes.js';
import { leaveList, removeMember } from './shared-list-changes.js';
import {
  homeRemovedNotice,
  joinedNotice,
  noteNotice,
  reactionNotice,
} from './shared-list-notices.js';

const TAGS = ['shopping together'];
const STRANGERS =
  'Buyers only. Anything of a shared wishlist the caller is not on (or no longer on) is 404, never 403.';
const TOKEN =
  'The token of the invitation link, in the body (never in an address that is logged). 404: no such link; 403: sent to another account’s address; 409: already used, withdrawn, declined or expired.';

export const shoppingTogetherRoutes: FastifyPluginAsyncZod = async (app) => {
  handleInvitationMails(app);
  const buyer = { access: ['user' as const] };
  const changing = { ...buyer, rateLimit: perAccount(app, 'sharedChange'), leavesAccounts: true };

  app.get(
    '/api/shared-wishlist',
    {
      config: buyer,
      schema: {
        tags: TAGS,
        summary:
          'The caller’s shared wishlist: its people, the starter’s waiting invitations, every member’s saved homes with who saved them, reactions and notes (shared ones, and the caller’s own private ones); `list: null` when on none',
        description: STRANGERS,
        response: { 200: ZSharedWishlist, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      return sharedWishlistFor(app.db, caller.id);
    },
  );

  app.post(
    '/api/shared-wishlist/invitations',
    {
      config: {
        ...buyer,
        rateLimit: perAccount(app, 'sharedInvite'),
        leavesAccounts: true,
      },
      schema: {
        tags: TAGS,
        summary: `Invite an address to the caller’s shared wishlist, starting one (buyers with a confirmed address; ${SHOPPING_TOGETHER_LIMITS.invitationsPerDay} a day). The answer is the same whether or not the address has an account; its link works once, for ${SHOPPING_TOGETHER_LIMITS.invitationDays} days`,
        description: `400: the caller’s own address. 409: not the list’s starter, already on it, or ${SHOPPING_TOGETHER_LIMITS.maxPeople} people with invitations waiting. Inviting an address again replaces its waiting invitation.`,
        body: ZInvitationRequest,
        response: { 202: ZMessageResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const caller = await request.requireUser();
      requireVerifiedEmail(caller, M.verifyBeforeInvite);
      await invite(app, caller, request.body.email);
      return reply.code(202).send({ message: M.invitedMessage });
    },
  );

  app.delete(
    '/api/shared-wishlist/invitations/:invitationId',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary: 'Withdraw a waiting invitation (the list’s starter)',
        description: STRANGERS,
        params: ZInvitationIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      await revokeInvitation(app.db, caller, request.params.invitationId);
      return { message: M.revoked };
    },
  );

  app.post(
    '/api/shared-wishlist/invitations/preview',
    {
      config: { ...buyer, leavesAccounts: true },
      schema: {
        tags: TAGS,
        summary: 'Who sent an invitation, before its invited buyer answers it',
        description: TOKEN,
        body: ZInvitationTokenRequest,
        response: { 200: ZInvitationPreview, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      return previewInvitation(app.db, caller, request.body.token);
    },
  );

  app.post(
    '/api/shared-wishlist/invitations/accept',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary:
          'Join the shared wishlist an invitation is for (the buyer whose confirmed address it was sent to); someone alone on a list of their own leaves it',
        description: `${TOKEN} 409 too: already sharing a list with others, or the list is full.`,
        body: ZInvitationTokenRequest,
        response: { 200: ZSharedWishlist, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      requireVerifiedEmail(caller, M.verifyBeforeAccept);
      await app.notifications.changeAndTell(
        (tx) => acceptInvitation(tx, caller, request.body.token),
        (_tx, { members, joined }) => joinedNotice(members, joined),
      );
      return sharedWishlistFor(app.db, caller.id);
    },
  );

  app.post(
    '/api/shared-wishlist/invitations/decline',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary: 'Decline an invitation (the buyer it was sent to)',
        description: TOKEN,
        body: ZInvitationTokenRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      await declineInvitation(app.db, caller, request.body.token);
      return { message: M.declined };
    },
  );

  app.post(
    '/api/shared-wishlist/leave',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary:
          'Leave the shared wishlist: the caller’s saved homes stay theirs, their notes and reactions on it are deleted; a list left with one person ends',
        response: { 200: ZMessageResponse, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      await leaveList(app, caller.id);
      return { message: M.left };
    },
  );

  app.delete(
    '/api/shared-wishlist/members/:memberId',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary: 'Remove someone from the shared wishlist (its starter), as if they left',
        description: `${STRANGERS} 403: a member who is not the starter.`,
        params: ZMemberIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      await removeMember(app, caller.id, request.params.memberId);
      return { message: M.removed };
    },
  );

  app.delete(
    '/api/shared-wishlist/homes/:id',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary:
          'Take a home off the shared wishlist for everyone: every member’s save of it, its notes and reactions',
        description: STRANGERS,
        params: ZPropertyIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      const propertyId = request.params.id;
      await app.notifications.changeAndTell(
        (tx) => removeSharedHome(tx, caller.id, propertyId),
        (tx, list) => homeRemovedNotice(tx, { ...list, by: list.me, propertyId }),
      );
      return { message: M.homeRemoved };
    },
  );

  app.put(
    '/api/shared-wishlist/homes/:id/reaction',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary:
          'Give a home of the shared wishlist a thumbs up or down (one per person, changeable)',
        description: STRANGERS,
        params: ZPropertyIdParams,
        body: ZReactionRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      const propertyId = request.params.id;
      const { reaction } = request.body;
      await app.notifications.changeAndTell(
        (tx) => react(tx, caller.id, propertyId, reaction),
        (tx, { list, changed }) =>
          changed ? reactionNotice(tx, { ...list, by: list.me, propertyId }, reaction) : [],
      );
      return { message: reaction === 'up' ? M.thumbsUp : M.thumbsDown };
    },
  );

  app.delete(
    '/api/shared-wishlist/homes/:id/reaction',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary: 'Take back the caller’s reaction to a home of the shared wishlist',
        description: STRANGERS,
        params: ZPropertyIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      await unreact(app.db, caller.id, request.params.id);
      return { message: M.reactionRemoved };
    },
  );

  app.post(
    '/api/shared-wishlist/homes/:id/notes',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary: `Add a note to a home of the shared wishlist: \`private\` (only its author ever reads it) or \`shared\` (everyone on the list, who are told); at most ${SHOPPING_TOGETHER_LIMITS.notesPerHome} per person and home`,
        description: STRANGERS,
        params: ZPropertyIdParams,
        body: ZNoteRequest,
        response: { 201: ZSharedNote, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const caller = await request.requireUser();
      const propertyId = request.params.id;
      const { note } = await app.notifications.changeAndTell(
        (tx) => addNote(tx, caller.id, propertyId, request.body),
        (tx, { list, note: added }) =>
          added.visibility === 'shared'
            ? noteNotice(tx, { ...list, by: list.me, propertyId }, added)
            : [],
      );
      return reply.code(201).send(note);
    },
  );

  app.delete(
    '/api/shared-wishlist/notes/:noteId',
    {
      config: changing,
      schema: {
        tags: TAGS,
        summary: 'Delete a note (its author)',
        description: 'Anyone else’s note, or a note of a list the caller is not on: 404.',
        params: ZNoteIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      await deleteNote(app.db, caller.id, request.params.noteId);
      return { message: M.noteDeleted };
    },
  );
};
