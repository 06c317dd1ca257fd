import type { SharedWishlist } from '@keyhaven/shared';
import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { ShoppingTogetherSection } from './shopping-together-section';

const GET = 'GET /api/shared-wishlist';
const INVITE = 'POST /api/shared-wishlist/invitations';
const NOTE = `POST /api/shared-wishlist/homes/${listing._id}/notes`;
const REACT = `PUT /api/shared-wishlist/homes/${listing._id}/reaction`;

const member = (name: string, you: boolean, starter: boolean, n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  you,
  starter,
  joinedAt: `2026-01-0${n}T10:00:00.000Z`,
});

const shared = (overrides: Partial<NonNullable<SharedWishlist['list']>> = {}): SharedWishlist => ({
  list: {
    id: '00000000-0000-4000-8000-0000000000aa',
    youStarted: true,
    members: [member('Bea Buyer', true, true, 1), member('Cal Cobuyer', false, false, 2)],
    invitations: [],
    homes: [
      {
        property: listing,
        savedBy: [{ name: 'Cal Cobuyer', you: false }],
        reactions: [{ name: 'Cal Cobuyer', you: false, reaction: 'up' }],
        notes: [
          {
            id: '00000000-0000-4000-8000-0000000000b1',
            author: 'Cal Cobuyer',
            mine: false,
            visibility: 'shared',
            body: 'Love the jetty',
            createdAt: '2026-01-03T10:00:00.000Z',
          },
          {
            id: '00000000-0000-4000-8000-0000000000b2',
            author: 'Bea Buyer',
            mine: true,
            visibility: 'private',
            body: 'Check the roof',
            createdAt: '2026-01-03T11:00:00.000Z',
          },
        ],
      },
    ],
    ...overrides,
  },
});

describe('ShoppingTogetherSection', () => {
  it('invites by e-mail when the buyer shares no list yet, and shows a refusal by the field', async () => {
    let answer = json({ message: M.invitedMessage }, 202);
    const api = fakeApi({ [GET]: json({ list: null }), [INVITE]: () => answer });
    const view = renderInApp(<ShoppingTogetherSection />, { signedInAs: buyer });
    expect(await screen.findByText(M.intro)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: M.inviteTitle });
    // Only the app sends it: a submit made before the app starts is held for it, not posted.
    expect(form).toHaveAttribute('data-app-form', '');
    const field = within(form).getByLabelText(M.emailLabel);

    await view.user.type(field, 'not-an-address');
    await view.user.click(within(form).getByRole('button', { name: M.invite }));
    expect(await within(form).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.requestsTo(INVITE)).toEqual([]);

    await view.user.clear(field);
    await view.user.type(field, 'cal@example.test');
    await view.user.click(within(form).getByRole('button', { name: M.invite }));
    expect(await screen.findByText(M.invited('cal@example.test'))).toBeInTheDocument();
    expect(api.requestsTo(INVITE).map((sent) => sent.body)).toEqual([
      { email: 'cal@example.test' },
    ]);

    answer = refusal(400, M.inviteSelf, 'VALIDATION_FAILED', { email: M.inviteSelf });
    await view.user.type(field, 'bea@example.test');
    await view.user.click(within(form).getByRole('button', { name: M.invite }));
    expect(await within(form).findByText(M.inviteSelf)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows each home with who saved it, the reactions and notes, and adds a private note and a thumbs up', async () => {
    const api = fakeApi({
      [GET]: json(shared()),
      [NOTE]: (sent) =>
        json(
          {
            id: '00000000-0000-4000-8000-0000000000b3',
            author: 'Bea Buyer',
            mine: true,
            createdAt: '2026-01-04T10:00:00.000Z',
            ...(sent.body as object),
          },
          201,
        ),
      [REACT]: json({ message: M.thumbsUp }),
    });
    const view = renderInApp(<ShoppingTogetherSection />, { signedInAs: buyer });
    const card = await screen.findByRole('article', { name: listing.title });
    expect(within(card).getByText(M.savedBy('Cal Cobuyer'))).toBeInTheDocument();
    expect(within(card).getByText('Love the jetty')).toBeInTheDocument();
    expect(within(card).getByText('Check the roof')).toBeInTheDocument();
    expect(within(card).getByText(M.privateBadge)).toBeInTheDocument();

    const up = within(card).getByRole('button', { name: M.reactionLabel('up', listing.title, 1) });
    expect(up).toHaveAttribute('aria-pressed', 'false');
    await view.user.click(up);
    await waitFor(() =>
      expect(api.requestsTo(REACT).map((sent) => sent.body)).toEqual([{ reaction: 'up' }]),
    );

    const form = within(card).getByRole('form', { name: `${M.noteLabel}: ${listing.title}` });
    expect(form).toHaveAttribute('data-app-form', '');
    await view.user.click(within(form).getByRole('button', { name: M.saveNote }));
    expect(await within(form).findByText(M.noteRequired)).toBeInTheDocument();
    await view.user.type(within(form).getByLabelText(M.noteLabel), 'Ask about the boiler');
    await view.user.click(within(form).getByRole('radio', { name: M.visibility.private }));
    await view.user.click(within(form).getByRole('button', { name: M.saveNote }));
    await waitFor(() =>
      expect(api.requestsTo(NOTE).map((sent) => sent.body)).toEqual([
        { body: 'Ask about the boiler', visibility: 'private' },
      ]),
    );
    // The starter may remove the co-buyer; leaving asks first.
    expect(screen.getByRole('button', { name: M.removeLabel('Cal Cobuyer') })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: M.leave }));
    expect(await screen.findByRole('alertdialog', { name: M.leaveTitle })).toBeInTheDocument();
  });

  it('waits for an answer while nobody has joined, and lets the starter withdraw the invitation', async () => {
    const invitationId = '00000000-0000-4000-8000-0000000000c1';
    const REVOKE = `DELETE /api/shared-wishlist/invitations/${invitationId}`;
    const api = fakeApi({
      [GET]: json(
        shared({
          members: [member('Bea Buyer', true, true, 1)],
          homes: [],
          invitations: [
            {
              id: invitationId,
              email: 'cal@example.test',
              status: 'pending',
              expiresAt: '2026-02-01T10:00:00.000Z',
            },
          ],
        }),
      ),
      [REVOKE]: json({ message: M.revoked }),
    });
    const view = renderInApp(<ShoppingTogetherSection />, { signedInAs: buyer });
    expect(await screen.findByText(M.waitingForAnswer)).toBeInTheDocument();
    expect(screen.getByText(M.pendingInvitation('cal@example.test'))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: M.homesTitle })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: M.revokeLabel('cal@example.test') }));
    await waitFor(() => expect(api.requestsTo(REVOKE)).toHaveLength(1));
  });

  it('opens an invitation from its link, and says why one cannot be answered', async () => {
    const PREVIEW = 'POST /api/shared-wishlist/invitations/preview';
    const ACCEPT = 'POST /api/shared-wishlist/invitations/accept';
    let lists = 0;
    const api = fakeApi({
      [GET]: () => json(lists++ === 0 ? { list: null } : shared()),
      [PREVIEW]: json({
        invitedBy: 'Cal Cobuyer',
        expiresAt: '2026-02-01T10:00:00.000Z',
        people: 1,
      }),
      [ACCEPT]: json(shared()),
    });
    const view = renderInApp(<ShoppingTogetherSection />, {
      signedInAs: buyer,
      path: '/dashboard/wishlist?invitation=token-from-the-mail-0000',
      route: '/dashboard/wishlist',
    });
    expect(await screen.findByText(M.invitationFrom('Cal Cobuyer'))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: M.invitationTitle })).toHaveFocus(),
    );
    await view.user.click(screen.getByRole('button', { name: M.accept }));
    expect(await screen.findByRole('article', { name: listing.title })).toBeInTheDocument();
    expect(api.requestsTo(ACCEPT).map((sent) => sent.body)).toEqual([
      { token: 'token-from-the-mail-0000' },
    ]);
    // The toast's library loads on first use: slow under load, so given time.
    expect(await screen.findByText(M.accepted, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: M.invitationTitle })).toBeNull();
  });

  it('says so when the invitation was sent to another address', async () => {
    fakeApi({
      [GET]: json({ list: null }),
      'POST /api/shared-wishlist/invitations/preview': refusal(403, M.wrongAccount, 'FORBIDDEN'),
    });
    renderInApp(<ShoppingTogetherSection />, {
      signedInAs: buyer,
      path: '/dashboard/wishlist?invitation=token-for-someone-else-00',
      route: '/dashboard/wishlist',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(M.wrongAccount);
    expect(screen.queryByRole('button', { name: M.accept })).toBeNull();
  });
});
