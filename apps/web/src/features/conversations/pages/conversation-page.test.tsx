import { CONVERSATION_MESSAGES } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import type { ConversationThread } from '../types';
import { ConversationPage } from './conversation-page';

const THREAD = 'GET /api/conversations/c-1';
const REPLY = 'POST /api/conversations/c-1/messages';

const thread = (role: 'buyer' | 'admin' = 'buyer'): ConversationThread => ({
  conversation: {
    _id: 'c-1',
    propertyId: 'p-1',
    propertyTitle: 'Sunny Lakeside Cottage',
    propertyImage: null,
    buyerName: 'Bea Buyer',
    agentName: 'Alex Agent',
    role,
    lastMessage: 'Yes',
    lastMessageAt: '2026-11-20T10:05:00.000Z',
    unread: 0,
  },
  messages: [
    {
      _id: 'm-1',
      mine: role === 'buyer',
      senderName: 'Bea Buyer',
      sender: 'buyer',
      body: 'Is the jetty private?\nSee https://example.test/jetty',
      removed: false,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
    {
      _id: 'm-2',
      mine: false,
      senderName: 'Alex Agent',
      sender: 'agent',
      body: '',
      removed: true,
      createdAt: '2026-11-20T10:03:00.000Z',
    },
    {
      _id: 'm-3',
      mine: false,
      senderName: 'Alex Agent',
      sender: 'agent',
      body: 'Yes',
      removed: false,
      createdAt: '2026-11-20T10:05:00.000Z',
    },
  ],
});

const admin = {
  ...buyer,
  _id: 'admin-1',
  uid: 'admin-1',
  name: 'Ada Admin',
  role: 'admin' as const,
};

const renderPage = (signedInAs = buyer) =>
  renderInApp(<ConversationPage />, {
    signedInAs,
    path: '/dashboard/messages/c-1',
    route: '/dashboard/messages/:id',
  });

describe('ConversationPage', () => {
  it('shows the thread as text, mine and theirs, with removed messages marked', async () => {
    fakeApi({ [THREAD]: json(thread()) });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Alex Agent', level: 1 }),
    ).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Messages' });
    const [mine, removed, theirs] = within(log).getAllByRole('listitem');
    expect(within(mine as HTMLElement).getByRole('heading')).toHaveTextContent(
      CONVERSATION_MESSAGES.you,
    );
    // The address stays text, and the line break is kept.
    expect(within(log).queryByRole('link')).toBeNull();
    expect(mine).toHaveTextContent('See https://example.test/jetty');
    expect(within(mine as HTMLElement).getByText(/Is the jetty private\?/).textContent).toContain(
      '\n',
    );
    expect(removed).toHaveTextContent(CONVERSATION_MESSAGES.removed);
    expect(theirs).toHaveTextContent('Alex Agent');
    expect(screen.queryByRole('button', { name: CONVERSATION_MESSAGES.remove })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sunny Lakeside Cottage' })).toHaveAttribute(
      'href',
      '/propertyDetails/p-1',
    );
  });

  it('sends a reply and empties the box', async () => {
    const api = fakeApi({
      [THREAD]: json(thread()),
      [REPLY]: json({ conversationId: 'c-1' }, 201),
    });
    const { user } = renderPage();
    const box = await screen.findByLabelText(CONVERSATION_MESSAGES.replyLabel);
    await user.type(box, 'Thanks!{Control>}{Enter}{/Control}');
    await vi.waitFor(() => expect(api.requestsTo(REPLY)).toHaveLength(1));
    expect(api.requestsTo(REPLY)[0]?.body).toEqual({ body: 'Thanks!' });
    await vi.waitFor(() => expect(box).toHaveValue(''));
  });

  it('lets an admin remove a message after confirming, without a reply box', async () => {
    const api = fakeApi({
      [THREAD]: json(thread('admin')),
      'DELETE /api/messages/m-1': json({ message: CONVERSATION_MESSAGES.removedDone }),
    });
    const { user } = renderPage(admin);
    expect(
      await screen.findByRole('heading', { name: 'Bea Buyer and Alex Agent', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(CONVERSATION_MESSAGES.replyLabel)).toBeNull();
    const removeButtons = screen.getAllByRole('button', { name: /Remove message/ });
    expect(removeButtons).toHaveLength(2);
    await user.click(removeButtons[0] as HTMLElement);
    const confirm = screen.getByRole('alertdialog', {
      name: CONVERSATION_MESSAGES.removeConfirmTitle,
    });
    await user.click(within(confirm).getByRole('button', { name: CONVERSATION_MESSAGES.remove }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.removedDone)).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/messages/m-1')).toHaveLength(1);
  });

  it('says a conversation that is not yours does not exist', async () => {
    fakeApi({ [THREAD]: refusal(404, CONVERSATION_MESSAGES.notFound, 'NOT_FOUND') });
    renderPage();
    expect(await screen.findByText(CONVERSATION_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All messages/ })).toBeInTheDocument();
  });
});
