import type { World } from '../security/support/world.js';
import { asUnconfirmed, type MatrixCase, type MatrixRow, type Statuses } from './matrix-shape.js';

/*
 * Shopping together (module shopping-together): the user is on the shared wishlist `spare` started
 * (a member, not its starter), the other user has a waiting invitation to it and is otherwise a
 * stranger, as a former member is (nothing of theirs stays on a list they left); the fraud account
 * is still on it but no longer counts. Agents and admins are never co-buyers (403).
 * Columns: anonymous | user | otherUser | agent | otherAgent | admin | fraud.
 */

/** Buyers only: `user` and `otherUser` answer, every other role is refused. */
const buyers = (user: number, otherUser: number): Statuses => [
  401,
  user,
  otherUser,
  403,
  403,
  403,
  403,
];
const W = (w: World) => w.sharedWishlist;
type Token = keyof World['sharedWishlist']['tokens'];

/** An invitation answered by its link's token, in each of its states. */
function tokenCases(action: 'preview' | 'accept' | 'decline', pending: number): MatrixCase[] {
  const url = `/api/shared-wishlist/invitations/${action}`;
  const withToken = (token: Token) => (w: World) => ({
    url,
    payload: { token: W(w).tokens[token] },
  });
  return [
    {
      input: 'the waiting invitation to the other user',
      request: withToken('pending'),
      expect: buyers(403, pending),
    },
    {
      input: 'the invitation the user accepted',
      request: withToken('accepted'),
      expect: buyers(409, 403),
    },
    {
      input: 'the invitation withdrawn from the other user',
      request: withToken('revoked'),
      expect: buyers(403, 409),
    },
    {
      input: 'an expired invitation to the user',
      request: withToken('expired'),
      expect: buyers(409, 403),
    },
    {
      input: 'a token nobody holds',
      request: () => ({ url, payload: { token: 'no-such-invitation-token-0000000000' } }),
      expect: buyers(404, 404),
    },
    {
      input: 'no token',
      request: () => ({ url, payload: {} }),
      expect: buyers(400, 400),
    },
  ];
}

const home = (w: World, listing: 'openListing' | 'soldListing', tail = '') =>
  `/api/shared-wishlist/homes/${w[listing]}${tail}`;

export const SHOPPING_TOGETHER_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/shared-wishlist',
    cases: [
      {
        input: 'the caller’s shared wishlist (the other user is on none)',
        request: () => ({ url: '/api/shared-wishlist' }),
        expect: buyers(200, 200),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/shared-wishlist/invitations',
    cases: [
      {
        input: 'an invitation to a new address (the user did not start the list)',
        request: () => ({
          url: '/api/shared-wishlist/invitations',
          payload: { email: 'someone-new@example.test' },
        }),
        expect: buyers(409, 202),
      },
      {
        input: 'an invitation without an address',
        request: () => ({ url: '/api/shared-wishlist/invitations', payload: { email: 'nope' } }),
        expect: buyers(400, 400),
      },
      asUnconfirmed('an invitation to a new address', () => ({
        url: '/api/shared-wishlist/invitations',
        payload: { email: 'someone-new@example.test' },
      })),
    ],
  },
  {
    method: 'DELETE',
    path: '/api/shared-wishlist/invitations/:invitationId',
    cases: [
      {
        input: 'the starter’s waiting invitation',
        request: (w) => ({
          url: `/api/shared-wishlist/invitations/${W(w).pendingInvitationId}`,
        }),
        expect: buyers(404, 404),
      },
      {
        input: 'an invitation id that is not an id',
        request: () => ({ url: '/api/shared-wishlist/invitations/nope' }),
        expect: buyers(400, 400),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/shared-wishlist/invitations/preview',
    cases: tokenCases('preview', 200),
  },
  {
    method: 'POST',
    path: '/api/shared-wishlist/invitations/accept',
    cases: [
      ...tokenCases('accept', 200),
      asUnconfirmed('the waiting invitation', (w) => ({
        url: '/api/shared-wishlist/invitations/accept',
        payload: { token: W(w).tokens.pending },
      })),
    ],
  },
  {
    method: 'POST',
    path: '/api/shared-wishlist/invitations/decline',
    cases: tokenCases('decline', 200),
  },
  {
    method: 'POST',
    path: '/api/shared-wishlist/leave',
    cases: [
      {
        input: 'leaving (the list ends: one person would be left)',
        request: () => ({ url: '/api/shared-wishlist/leave' }),
        expect: buyers(200, 404),
      },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/shared-wishlist/members/:memberId',
    cases: [
      {
        input: 'the starter',
        request: (w) => ({ url: `/api/shared-wishlist/members/${W(w).starterMemberId}` }),
        expect: buyers(403, 404),
      },
      {
        input: 'the user’s own place (leaving)',
        request: (w) => ({ url: `/api/shared-wishlist/members/${W(w).userMemberId}` }),
        expect: buyers(200, 404),
      },
      {
        input: 'a member id that is not an id',
        request: () => ({ url: '/api/shared-wishlist/members/nope' }),
        expect: buyers(400, 400),
      },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/shared-wishlist/homes/:id',
    cases: [
      {
        input: 'the open listing, which the user saved',
        request: (w) => ({ url: home(w, 'openListing') }),
        expect: buyers(200, 404),
      },
      {
        input: 'the sold listing, which nobody on the list saved',
        request: (w) => ({ url: home(w, 'soldListing') }),
        expect: buyers(404, 404),
      },
    ],
  },
  {
    method: 'PUT',
    path: '/api/shared-wishlist/homes/:id/reaction',
    cases: [
      {
        input: 'a thumbs up for the open listing',
        request: (w) => ({ url: home(w, 'openListing', '/reaction'), payload: { reaction: 'up' } }),
        expect: buyers(200, 404),
      },
      {
        input: 'a reaction that is neither up nor down',
        request: (w) => ({
          url: home(w, 'openListing', '/reaction'),
          payload: { reaction: 'meh' },
        }),
        expect: buyers(400, 400),
      },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/shared-wishlist/homes/:id/reaction',
    cases: [
      {
        input: 'the caller’s reaction to the open listing',
        request: (w) => ({ url: home(w, 'openListing', '/reaction') }),
        expect: buyers(200, 404),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/shared-wishlist/homes/:id/notes',
    cases: [
      {
        input: 'a shared note on the open listing',
        request: (w) => ({
          url: home(w, 'openListing', '/notes'),
          payload: { body: 'Big windows', visibility: 'shared' },
        }),
        expect: buyers(201, 404),
      },
      {
        input: 'an empty note',
        request: (w) => ({
          url: home(w, 'openListing', '/notes'),
          payload: { body: ' ', visibility: 'private' },
        }),
        expect: buyers(400, 400),
      },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/shared-wishlist/notes/:noteId',
    cases: [
      {
        input: 'the user’s note',
        request: (w) => ({ url: `/api/shared-wishlist/notes/${W(w).userNoteId}` }),
        expect: buyers(200, 404),
      },
      {
        input: 'the starter’s note',
        request: (w) => ({ url: `/api/shared-wishlist/notes/${W(w).starterNoteId}` }),
        expect: buyers(404, 404),
      },
    ],
  },
];
